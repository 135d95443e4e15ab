import { describe, expect, it } from 'vitest';
import { suggestEmailFix } from './email-typos.ts';

describe('suggestEmailFix (ux N15)', () => {
  it('suggests the common domain one slip away: a swap, a missing, extra or wrong letter', () => {
    expect(suggestEmailFix('sofia@gmial.com')).toBe('sofia@gmail.com');
    expect(suggestEmailFix('sofia@hotmial.com')).toBe('sofia@hotmail.com');
    expect(suggestEmailFix('sofia@outlok.com')).toBe('sofia@outlook.com');
    expect(suggestEmailFix('sofia@gmail.con')).toBe('sofia@gmail.com');
    expect(suggestEmailFix('sofia@gmaill.com')).toBe('sofia@gmail.com');
    expect(suggestEmailFix('sofia@yahoo.com.xm')).toBe('sofia@yahoo.com.mx');
    expect(suggestEmailFix(' Sofia@GMIAL.com ')).toBe('sofia@gmail.com');
  });

  it('suggests nothing for a known domain, an unknown one far from them, or an address without a domain', () => {
    expect(suggestEmailFix('sofia@gmail.com')).toBeNull();
    expect(suggestEmailFix('sofia@mail.com')).toBeNull();
    expect(suggestEmailFix('sofia@live.com.mx')).toBeNull();
    expect(suggestEmailFix('sofia@imss.gob.mx')).toBeNull();
    expect(suggestEmailFix('sofia@example.com')).toBeNull();
    expect(suggestEmailFix('sofia')).toBeNull();
    expect(suggestEmailFix('sofia@')).toBeNull();
  });
});
