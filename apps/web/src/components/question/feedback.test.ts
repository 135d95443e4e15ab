import { describe, expect, it } from 'vitest';
import { referenceLabel } from './feedback';

describe('the reference under an explanation', () => {
  it('says what kind of guideline the item rests on, from its catalogue code', () => {
    expect(referenceLabel('IMSS-020-08')).toBe('Guía de Práctica Clínica');
    expect(referenceLabel('GPC-SS-103-21')).toBe('Guía de Práctica Clínica');
    expect(referenceLabel('NOM-007-SSA2-2016')).toBe('Norma Oficial Mexicana');
    expect(referenceLabel('NICE NG240')).toBe('Referencia');
    expect(referenceLabel(null)).toBe('Guía de Práctica Clínica o referencia');
  });
});
