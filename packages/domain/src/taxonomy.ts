/**
 * The static quiz taxonomy (spec section 3): area → sub-speciality → topics.
 * A question's tags name the area as `Especialidad` and the sub-speciality as `SubEspecialidad`;
 * discount-quiz questions add `Tema` (a topic) and `Dificultad`.
 */

import { TOPICS_BY_SUB_SPECIALITY } from './taxonomy-topics.ts';
import type { QuizSubSpeciality } from './taxonomy-topics.ts';

export type { QuizSubSpeciality };

export interface TaxonomySubSpeciality {
  readonly name: string;
  readonly topics: readonly string[];
}

export interface TaxonomyArea {
  readonly name: string;
  readonly subSpecialities: readonly TaxonomySubSpeciality[];
}

/** The tree as the spec lists it; each sub-speciality's topics are in taxonomy-topics.ts. */
const AREAS = [
  {
    name: 'Cirugía',
    subSpecialities: ['Cirugía General', 'Otorrinolaringología', 'Oftalmología', 'Urología', 'Neurocirugía', 'Traumatología y Ortopedia'],
  },
  { name: 'Ginecología y Obstetricia', subSpecialities: ['Ginecología', 'Obstetricia'] },
  { name: 'Pediatría y Neonatología', subSpecialities: ['Neonatología', 'Pediatría'] },
  {
    name: 'Medicina Interna',
    subSpecialities: [
      'Cardiología',
      'Dermatología',
      'Gastroenterología',
      'Endocrinología',
      'Hematología',
      'Nefrología',
      'Neumología',
      'Reumatología',
      'Neurología',
      'Infectología',
      'Otros (Geriatría, Intoxicaciones)',
      'Psiquiatría',
    ],
  },
  // Not in the spec's tree: the ENARM asks public health, epidemiology and ethics (decision 012).
  { name: 'Salud Pública', subSpecialities: ['Epidemiología y Bioestadística', 'Medicina Preventiva', 'Ética y Normatividad'] },
] as const satisfies readonly { name: string; subSpecialities: readonly QuizSubSpeciality[] }[];

/**
 * External questions the classifier cannot place confidently wait here, visibly, instead of sitting under a
 * wrong speciality (decision 013). Our own content may not use it (content:check).
 */
export const UNCLASSIFIED_AREA = 'Sin clasificar';
export const UNCLASSIFIED_SUB_SPECIALITY = 'Sin clasificar';

export type QuizArea = (typeof AREAS)[number]['name'] | typeof UNCLASSIFIED_AREA;

export const QUIZ_TAXONOMY: readonly TaxonomyArea[] = [
  ...AREAS.map((area) => ({
    name: area.name,
    subSpecialities: area.subSpecialities.map((name) => ({ name, topics: TOPICS_BY_SUB_SPECIALITY[name] })),
  })),
  { name: UNCLASSIFIED_AREA, subSpecialities: [{ name: UNCLASSIFIED_SUB_SPECIALITY, topics: [] }] },
];

/** The areas our own items are written in (the unclassified bucket is for imported ones only). */
export const QUIZ_AREAS: readonly QuizArea[] = AREAS.map((area) => area.name);

export const DIFFICULTIES = ['Fácil', 'Media', 'Difícil'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export function isDifficulty(value: string): value is Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(value);
}

export function findArea(area: string): TaxonomyArea | undefined {
  return QUIZ_TAXONOMY.find((candidate) => candidate.name === area);
}

export function isKnownArea(area: string): area is QuizArea {
  return findArea(area) !== undefined;
}

export function findSubSpeciality(area: string, subSpeciality: string): TaxonomySubSpeciality | undefined {
  return findArea(area)?.subSpecialities.find((candidate) => candidate.name === subSpeciality);
}

/** True when `subSpeciality` belongs to `area`: the same name under another area is not known. */
export function isKnownSubSpeciality(area: string, subSpeciality: string): boolean {
  return findSubSpeciality(area, subSpeciality) !== undefined;
}

export function isKnownTopic(area: string, subSpeciality: string, topic: string): boolean {
  return findSubSpeciality(area, subSpeciality)?.topics.includes(topic) ?? false;
}
