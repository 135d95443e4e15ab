import { z } from 'zod';
import { BANK_CHOICES } from '../banks.ts';
import { EXAM_MODES, EXAM_SOURCES } from '../exams.ts';
import type { QuizSessionKind, SessionConfigurations, TypedSession } from '../session-kinds.ts';

/*
 * The `configuration` column read back into its kind's shape (issue 36, F1). Every field falls back on its own, so
 * a row written before a field existed (or by hand) still reads: a fixed kind without a list serves and accepts no
 * question rather than any.
 */
const questionIds = z.array(z.string()).catch([]);
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const strings = optional(z.array(z.string()));

const study = z.object({ origin: optional(z.literal('trial')) });
const schemas: { [K in QuizSessionKind]: z.ZodType<SessionConfigurations[K]> } = {
  quick: study,
  timed: study,
  speciality: study,
  single: study,
  review: z.object({
    source: z.enum(['incorrectas', 'marcadas', 'errores']).catch('marcadas'),
    questionIds,
    fromSessionId: optional(z.string()),
  }),
  exam: z.object({
    mode: z.enum(EXAM_MODES).catch('tutor'),
    questionIds,
    secondsPerQuestion: z.number().int().positive().nullable().optional().catch(null),
    bank: optional(z.enum(BANK_CHOICES)),
    areas: strings,
    subSpecialities: strings,
    topics: strings,
    includeEnglish: optional(z.boolean()),
    includeUnexplainedMir: optional(z.boolean()),
    which: optional(z.enum(EXAM_SOURCES)),
    favourMySpeciality: optional(z.boolean()),
  }),
  simulacro: z.object({
    formId: z.string().catch(''),
    includeEnglish: z.boolean().catch(false),
    parts: z.union([z.literal(1), z.literal(2)]).catch(1),
    questionIds,
  }),
  pack: z.object({ questionIds, areas: strings }),
};

/** A kind's stored configuration in that kind's shape (anything else in the column is dropped). */
export function configurationOf<K extends QuizSessionKind>(kind: K, stored: unknown): SessionConfigurations[K] {
  const object = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return schemas[kind].parse(object);
}

/** A stored session with its configuration parsed into its kind's shape. */
export function typedSession<Row extends { kind: QuizSessionKind; configuration: unknown }>(
  row: Row,
): Omit<Row, 'configuration'> & TypedSession {
  return { ...row, configuration: configurationOf(row.kind, row.configuration) } as Omit<Row, 'configuration'> & TypedSession;
}
