/**
 * The ENARM calendar as the welcome and the profile offer it, and how a residency speciality steers practice
 * (issue 35, N18).
 */

import type { Speciality } from './specialities.ts';
import type { QuizArea } from './taxonomy.ts';

/**
 * The first day of the ENARM of `year`, 00:00 in Mexico City. The CIFRHS publishes each year's dates in its call;
 * the exam has been held in September, so September 1 is the day from which that year's exam counts as under way.
 */
export function enarmStart(year: number): Date {
  return new Date(Date.UTC(year, 8, 1, 6));
}

/** The year of the next ENARM not yet begun: this year's until September, then next year's. */
export function nextEnarmYear(now: Date): number {
  // The exam's year is read in Mexico City (UTC−6 all year since 2022), not in the visitor's time zone.
  const year = new Date(now.getTime() - 6 * 3_600_000).getUTCFullYear();
  return now.getTime() < enarmStart(year).getTime() ? year : year + 1;
}

/** The ENARM years a student can aim at, from the next one not yet held. */
export function enarmYearOptions(now: Date, count = 3): number[] {
  const first = nextEnarmYear(now);
  return Array.from({ length: count }, (_, index) => first + index);
}

/**
 * The quiz area whose questions prepare for each residency: the one the ENARM weighs most for it, or none where
 * the whole exam counts alike (Medicina Familiar, Urgencias, the diagnostic and laboratory specialities).
 */
const AREA_OF_SPECIALITY: Partial<Record<Speciality, QuizArea>> = {
  Anestesiología: 'Cirugía',
  'Calidad de la Atención Clínica': 'Salud Pública',
  'Cirugía General': 'Cirugía',
  Epidemiología: 'Salud Pública',
  Geriatría: 'Medicina Interna',
  'Ginecología y Obstetricia': 'Ginecología y Obstetricia',
  'Medicina del Trabajo y Ambiental': 'Salud Pública',
  'Medicina Interna': 'Medicina Interna',
  'Medicina Preventiva': 'Salud Pública',
  Neumología: 'Medicina Interna',
  Oftalmología: 'Cirugía',
  'Otorrinolaringología y Cirugía de Cabeza y Cuello': 'Cirugía',
  Pediatría: 'Pediatría y Neonatología',
  Psiquiatría: 'Medicina Interna',
  'Traumatología y Ortopedia': 'Cirugía',
};

export function quizAreaOfSpeciality(speciality: string | null | undefined): QuizArea | null {
  if (!speciality) return null;
  return AREA_OF_SPECIALITY[speciality as Speciality] ?? null;
}

/** How many of a first quiz's questions come from the student's area when the bank has them: most, not all. */
export function favouredShare(count: number): number {
  return Math.ceil(count * 0.6);
}
