import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClinicalCaseContent, ClinicGuideContent, SingleQuestionContent } from '@galeno/domain/content';
import type { ContentItems } from '../modules/content/files.ts';
import { QUIZ_TAXONOMY, UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';

const TWO_AREAS = [
  { especialidad: 'Cirugía', subEspecialidad: 'Cirugía General', tema: 'Apendicitis aguda' },
  { especialidad: 'Medicina Interna', subEspecialidad: 'Endocrinología', tema: 'Diabetes mellitus tipo 2' },
] as const;

/**
 * A deterministic bank of any size, in the content format: the same arguments always give the same items,
 * so a test or a benchmark can load it, change a few items and load it again.
 */
export function generateBank({
  cases = 10,
  questionsPerCase = 2,
  singles = 0,
  guides = 0,
  cardsPerGuide = 10,
  prefix = 'gen',
  spread = 'two-areas',
}: {
  cases?: number;
  /** Questions in each case; a list is cycled through case by case (cases of mixed sizes, as in a simulacro). */
  questionsPerCase?: number | readonly number[];
  singles?: number;
  guides?: number;
  cardsPerGuide?: number;
  prefix?: string;
  /** 'taxonomy' spreads the cases and single questions over every sub-speciality (benchmarks); 'two-areas' keeps two (tests). */
  spread?: 'two-areas' | 'taxonomy';
} = {}): ContentItems {
  const areas =
    spread === 'taxonomy'
      ? QUIZ_TAXONOMY.filter((area) => area.name !== UNCLASSIFIED_AREA).flatMap((area) =>
          area.subSpecialities.map((sub) => ({ especialidad: area.name, subEspecialidad: sub.name, tema: sub.topics[0] ?? 'General' })),
        )
      : TWO_AREAS;
  const clinicalCases: ClinicalCaseContent[] = Array.from({ length: cases }, (_, i) => {
    const id = `${prefix}-cc-${i}`;
    return {
      id,
      caseText: `Caso ${id}: paciente de ${20 + (i % 60)} años con un cuadro de ${i % 7} días de evolución.`,
      tags: { ...areas[i % areas.length]!, dificultad: 'Media' },
      gpc: { name: 'Guía de práctica clínica de prueba', year: 2021 },
      questions: Array.from(
        { length: typeof questionsPerCase === 'number' ? questionsPerCase : questionsPerCase[i % questionsPerCase.length]! },
        (_, q) => q + 1,
      ).map((n) => ({
        id: `${id}-q${n}`,
        question: `¿Pregunta ${n} del caso ${id}?`,
        options: ['Opción A', 'Opción B', 'Opción C', 'Opción D'],
        correctIndex: (i + n) % 4,
        explanation: `La opción correcta es la ${'ABCD'[(i + n) % 4]}; las demás no aplican a este caso.`,
      })),
    };
  });
  const questions: SingleQuestionContent[] = Array.from({ length: singles }, (_, i) => ({
    id: `${prefix}-q-${i}`,
    question: `Pregunta suelta ${prefix}-${i}: ¿cuál es el fármaco de primera línea?`,
    options: ['Metformina', 'Insulina', 'Glibenclamida', 'Pioglitazona'],
    correctIndex: i % 4,
    explanation: 'Explicación de cada opción.',
    // Spread like the cases over every sub-speciality ('taxonomy'), or all in the second of the two areas.
    tags: { ...(spread === 'taxonomy' ? areas[i % areas.length]! : TWO_AREAS[1]), dificultad: 'Fácil' },
  }));
  const guideItems: ClinicGuideContent[] = Array.from({ length: guides }, (_, g) => ({
    id: `${prefix}-gpc-${g}`,
    guideName: `Guía ${prefix} ${g}`,
    category: spread === 'taxonomy' ? QUIZ_TAXONOMY[g % 4]!.name : 'Medicina Interna',
    yearOfUpdate: 2020,
    flashcards: Array.from({ length: cardsPerGuide }, (_, c) => ({
      id: `${prefix}-gpc-${g}-${String(c + 1).padStart(2, '0')}`,
      question: `¿Dato ${c + 1} de la guía ${g}?`,
      answer: `Respuesta ${c + 1}.`,
      explanation: `Explicación ${c + 1}.`,
    })),
  }));
  return { 'clinical-cases': clinicalCases, questions, guides: guideItems, 'discount-quiz': [] };
}

/** Writes a bank as content files under `root` (one file per kind), for CONTENT_DIR. */
export function writeBank(root: string, items: ContentItems): void {
  for (const [kind, list] of Object.entries(items)) {
    mkdirSync(path.join(root, kind), { recursive: true });
    writeFileSync(path.join(root, kind, 'bank.json'), JSON.stringify(list));
  }
}
