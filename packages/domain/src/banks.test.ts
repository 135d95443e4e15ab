import { describe, expect, it } from 'vitest';
import { BANK_CHIP_LABELS, BANK_SETTING_ORDER, countedApart, DEFAULT_BANK_CHOICE, includesMir } from './banks.ts';

describe('the bank setting', () => {
  it('starts on our own bank, offered first, and only MIR España and both draw MIR items', () => {
    expect(DEFAULT_BANK_CHOICE).toBe('galeno');
    expect(BANK_SETTING_ORDER[0]).toBe('galeno');
    expect(BANK_CHIP_LABELS[DEFAULT_BANK_CHOICE]).toBe('Banco: Galeno ENARM');
    expect([includesMir('galeno'), includesMir('mir'), includesMir('ambos')]).toEqual([false, true, true]);
  });
});

describe('countedApart', () => {
  const cases = ['caso clínico', 'casos clínicos'] as const;

  it('names the one bank a choice draws from', () => {
    expect(countedApart({ galeno: 120, mir: 40 }, 'galeno', cases)).toBe('120 casos clínicos del banco Galeno');
    expect(countedApart({ galeno: 120, mir: 1 }, 'mir', cases)).toBe('1 caso clínico del MIR');
  });

  it('shows both banks apart, with thousands as es-MX writes them', () => {
    expect(countedApart({ galeno: 1040, mir: 40 }, 'ambos', ['pregunta', 'preguntas'])).toBe(
      '1,080 preguntas: 1,040 del banco Galeno · 40 MIR',
    );
    expect(countedApart({ galeno: 0, mir: 1 }, 'ambos', cases)).toBe('1 caso clínico: 0 del banco Galeno · 1 MIR');
  });
});
