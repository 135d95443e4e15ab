import { describe, it, expect } from 'vitest';
import { isSpeciality, SPECIALITIES } from './specialities.ts';

describe('SPECIALITIES', () => {
  it('lists the 27 specialities of the spec, without repeats', () => {
    expect(SPECIALITIES).toHaveLength(27);
    expect(new Set(SPECIALITIES).size).toBe(27);
    expect(SPECIALITIES[0]).toBe('Anatomía Patológica');
    expect(SPECIALITIES[26]).toBe('Traumatología y Ortopedia');
    expect(SPECIALITIES).toContain('Otorrinolaringología y Cirugía de Cabeza y Cuello');
    expect(SPECIALITIES).toContain('Audiología Otoneurología y Foniatría');
  });

  it('recognises only exact names', () => {
    expect(isSpeciality('Medicina Interna')).toBe(true);
    expect(isSpeciality('medicina interna')).toBe(false);
    expect(isSpeciality('Cardiología')).toBe(false);
  });
});
