import { describe, expect, it } from 'vitest';
import { optionLetter } from '@galeno/domain/scores';
import { lettersForOptionNumbers } from './option-letters.ts';
import { commentary } from './casimedicos.ts';

/** Five options numbered 1–5 in the booklet, lettered A–E on screen. */
const five = (n: number) => (n >= 1 && n <= 5 ? optionLetter(n - 1) : undefined);
const rewrite = (text: string) => lettersForOptionNumbers(text, five);

describe('CasiMedicos explanations name the options by the letters on screen', () => {
  it('rewrites the references to options by their number', () => {
    expect(rewrite('Creo que la respuesta correcta es la 5.')).toBe('Creo que la respuesta correcta es la E.');
    expect(rewrite('Por tanto, correcta la número 3.')).toBe('Por tanto, correcta la C.');
    expect(rewrite('Las opciones 1, 2 y 5 están fuera de lugar y me quedan la 3 y la 4.')).toBe('Las opciones A, B y E están fuera de lugar y me quedan la C y la D.');
    expect(rewrite('La respuesta correcta es: 3. Nefropatía IgA.')).toBe('La respuesta correcta es: C. Nefropatía IgA.');
    expect(rewrite('Respuesta 1 incorrecta: no. Respuesta 2 correcta.')).toBe('Respuesta A incorrecta: no. Respuesta B correcta.');
    expect(rewrite('Opción correcta la 3; descartamos la 1 (otitis) ni la 5.')).toBe('Opción correcta la C; descartamos la A (otitis) ni la E.');
    expect(rewrite('El diagnóstico es el 1. El 3,4 y 5 ni por asomo.')).toBe('El diagnóstico es el A. El C,D y E ni por asomo.');
    expect(rewrite('Las 3 a 5 tratan de otra cosa; la última opción (5) parece la más correcta.')).toBe('Las C a E tratan de otra cosa; la última opción (E) parece la más correcta.');
    expect(rewrite('Es un paciente retenedor. 2: La edad no debe ser un factor limitante. 4: Es la correcta.')).toBe('Es un paciente retenedor. B: La edad no debe ser un factor limitante. D: Es la correcta.');
  });

  it('leaves other numbers alone: doses, ages, ranges, percentages, criteria and numbers that are no option', () => {
    for (const text of [
      'Se repetirá a los 2-3 meses.',
      'Debe estar aislada durante las 2-4 primeras semanas y a las 4-6 horas.',
      'Aparece hasta en el 3% de los pacientes.',
      'DM tipo 2 con HbA1c de 7.5 %.',
      'De los siguientes ítems: 1. Esfuerzos frenéticos. 2. Relaciones inestables.',
      'La dosis es la 2,5 mg por kilo.',
      'Los 4 primeros pares craneales.',
      'Cualquiera de las 4 opciones puede ser.',
    ])
      expect(rewrite(text)).toBe(text);
    // Four options: a «5» is not one of them, so the whole reference stays as written.
    expect(lettersForOptionNumbers('Entre la 3 y la 5.', (n) => (n <= 4 ? optionLetter(n - 1) : undefined))).toBe('Entre la 3 y la 5.');
  });

  it('labels the commentary as CasiMedicos’ and follows the letters of the question it explains', () => {
    // The official question lists CasiMedicos' option 2 first: its letter there is A.
    const letterOf = (n: number) => ({ 1: 'B', 2: 'A', 3: 'C', 4: 'D' })[n];
    expect(commentary('La  respuesta correcta es la 2.', letterOf)).toBe('Comentario de CasiMedicos (MIR 2.0): La respuesta correcta es la A.');
  });
});
