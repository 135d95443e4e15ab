import { describe, expect, it } from 'vitest';
import { getPlan } from '@galeno/domain/plans';
import { quotesWith } from './memberships-test-helpers';
import { durationText, hasDiscount, parseDiscountHint, parseMode, perPersonPrice, priceFor } from './plan-pricing';

describe('plan pricing', () => {
  it('reads the mode query: group is group, anything else single', () => {
    expect(parseMode('group')).toBe('group');
    expect(parseMode('single')).toBe('single');
    expect(parseMode(null)).toBe('single');
    expect(parseMode('GROUP')).toBe('single');
    expect(parseMode('grupal')).toBe('single');
  });

  it('reads the discount hint as a percentage without the % sign', () => {
    expect(parseDiscountHint('30')).toBe(30);
    expect(parseDiscountHint('80%')).toBe(80);
    expect(parseDiscountHint(null)).toBeNull();
    expect(parseDiscountHint('0')).toBeNull();
    expect(parseDiscountHint('150')).toBeNull();
    expect(parseDiscountHint('-20')).toBeNull();
    expect(parseDiscountHint('treinta')).toBeNull();
  });

  it("takes the server's quote for the plan and mode", () => {
    expect(priceFor(quotesWith(50).quotes, 'lifetime', 'group')).toEqual({ regularPrice: 3000, discountPercent: 50, finalPrice: 1500 });
    expect(hasDiscount(priceFor(quotesWith(50).quotes, '6-months', 'single'))).toBe(true);
    expect(hasDiscount(priceFor(quotesWith(0).quotes, '6-months', 'single'))).toBe(false);
  });

  it('falls back to the price table without a discount when a quote is missing', () => {
    expect(priceFor([], '1-year', 'group')).toEqual({ regularPrice: 2550, discountPercent: 0, finalPrice: 2550 });
  });

  it('describes each duration and the price per person of a group', () => {
    expect(durationText(getPlan('1-week'))).toBe('Acceso por 1 semana');
    expect(durationText(getPlan('6-months'))).toBe('Acceso por 6 meses');
    expect(durationText(getPlan('1-year'))).toBe('Acceso por 1 año');
    expect(durationText(getPlan('lifetime'))).toBe('Acceso de por vida, sin renovaciones');
    expect(perPersonPrice(1860)).toBe(372);
  });
});
