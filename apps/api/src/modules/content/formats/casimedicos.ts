import { z } from 'zod';
import { classify, type WordModel } from './classify.ts';
import { handPlacement, type HandLabels } from './hand-labels.ts';
import { QuestionIndex, sameKey, type Comparable } from './match.ts';
import { tidy } from './stem.ts';
import { FormatError, type ImportBatch, type ImportedCase, type ImportedSingle, type Skipped } from './types.ts';

export const BANK = 'casimedicos';

/** The layout of content/external/casimedicos/README.md. */
const RecordSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  year: z.number().int().nullable(),
  case: z.string(),
  question: z.string(),
  options: z.record(z.string().regex(/^\d$/), z.string()),
  correct: z.string(),
  explanation: z.string().min(1),
  type: z.string(),
});
type CasiMedicosRecord = z.infer<typeof RecordSchema>;

export const CITATION =
  'Pregunta del examen MIR del Ministerio de Sanidad de España, con explicación de médicos de CasiMedicos (proyecto MIR 2.0), del conjunto CasiMedicos-Arg (Sviridova, Yeginbergen, Estarrona, Cabrio, Villata y Agerri, EMNLP 2024), licencia CC BY 4.0. Texto reconstruido a partir de tokens.';
export const SOURCE_URL = 'https://github.com/ixa-ehu/antidote-casimedicos';
export const EXPLANATION_CREDIT = ' Explicación: médicos de CasiMedicos (MIR 2.0), del conjunto CasiMedicos-Arg, licencia CC BY 4.0.';

/**
 * The independent check of CasiMedicos' keys (content/external/casimedicos/key-review.json): the records a
 * reviewer who did not import them confirmed, and those they doubt, with the reason.
 */
export const KeyReviewSchema = z.object({
  reviewer: z.string(),
  date: z.string(),
  confirmed: z.array(z.string()),
  doubted: z.record(z.string(), z.string()),
});
export type KeyReview = z.infer<typeof KeyReviewSchema>;

export interface CasiMedicosContext {
  /** The word model trained on our own bank, for the classification. */
  model: WordModel;
  review?: KeyReview | undefined;
  /** Where a reader filed each record (classification.json); the rest are classified automatically. */
  labels?: HandLabels | undefined;
  /** Questions with the official key (HEAD-QA) already in the database: a copy of one is not served twice. */
  official?: readonly Comparable[] | undefined;
  /** CasiMedicos questions already imported from other files (the train split, when importing dev). */
  earlier?: readonly Comparable[] | undefined;
}

/** An already imported question to hold for review, because a copy in this file disagrees with its key. */
export interface Hold {
  questionId: string;
  reason: string;
}

/** Served in place of a record that repeats it. */
export interface Alias {
  aliasId: string;
  questionId: string;
  reason: string;
}

/** The CasiMedicos explanation given to an official question it argues for. */
export interface Attachment {
  questionId: string;
  explanation: string;
}

export function isCasiMedicos(data: unknown): boolean {
  return Array.isArray(data) && data.length > 0 && typeof data[0] === 'object' && data[0] !== null && 'case' in data[0] && 'correct' in data[0];
}

const IMAGE = /\b(imagen|im[aá]genes|figura|fotograf[ií]a|radiograf[ií]a adjunta)\b.*\b(muestra|adjunta|siguiente|observa)|se muestra en la (imagen|figura)/i;

function recordOf(raw: unknown, index: number): CasiMedicosRecord {
  const parsed = RecordSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const id = typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : `#${index + 1}`;
  const issue = parsed.error.issues[0]!;
  throw new FormatError(id, issue.path.join('.') || '(record)', issue.message);
}

/**
 * CasiMedicos' commented MIR questions. Keys are its volunteer doctors' answers, so (decision 013):
 * a question the official bank also holds is served once, with the official key, and gets this explanation
 * only if it argues for that key; copies within CasiMedicos that disagree, and any key the independent
 * check has not confirmed or doubts, are held for review ("en revisión") and never graded.
 */
export function parseCasiMedicos(data: unknown, context: CasiMedicosContext): ImportBatch & { aliases: Alias[]; attachments: Attachment[]; holds: Hold[] } {
  if (!Array.isArray(data)) throw new FormatError('CasiMedicos', '(file)', 'expected an array of records');
  const records = data.map(recordOf);
  const cases: ImportedCase[] = [];
  const singles: ImportedSingle[] = [];
  const skipped: Skipped[] = [];
  const aliases: Alias[] = [];
  const attachments: Attachment[] = [];
  const official = new QuestionIndex(context.official ?? []);
  const officialById = new Map((context.official ?? []).map((item) => [item.id, item]));
  /** What this file serves so far, to find CasiMedicos' own copies of a question. */
  const served = new QuestionIndex([]);
  const holds: Hold[] = [];
  const CONFLICT = 'Copias de esta pregunta en CasiMedicos con claves distintas.';
  for (const item of context.earlier ?? []) served.add({ ...item, holdIfConflict: () => holds.push({ questionId: item.id, reason: CONFLICT }) });
  const confirmed = new Set(context.review?.confirmed ?? []);

  for (const record of records) {
    const keys = Object.keys(record.options).sort((a, b) => Number(a) - Number(b));
    const options = keys.map((key) => tidy(record.options[key]!));
    const question = tidy(record.question);
    const caseText = tidy(record.case);
    if (!question) {
      skipped.push({ id: record.id, reason: 'empty question' });
      continue;
    }
    if (options.length < 4 || options.some((option) => !option)) {
      skipped.push({ id: record.id, reason: 'fewer than four options or an empty one' });
      continue;
    }
    const correctIndex = keys.indexOf(record.correct);
    if (correctIndex < 0) {
      skipped.push({ id: record.id, reason: `no correct answer: key ${record.correct} is not among its options` });
      continue;
    }
    const stem = caseText === question ? question : `${caseText} ${question}`;
    if (IMAGE.test(stem)) {
      skipped.push({ id: record.id, reason: 'image needed: the question refers to an image that is not included' });
      continue;
    }
    const comparable: Comparable = { id: record.id, stem, options, correctIndex };

    const officialCopy = official.find(comparable);
    if (officialCopy) {
      const agrees = sameKey(comparable, officialById.get(officialCopy.id)!);
      if (agrees) attachments.push({ questionId: officialCopy.id, explanation: tidy(record.explanation) });
      aliases.push({
        aliasId: record.id,
        questionId: officialCopy.id,
        reason: agrees ? 'same MIR question as the official bank; its explanation is attached there' : 'same MIR question as the official bank, with a different key: the official key is kept',
      });
      continue;
    }

    const copy = served.find<Comparable & { holdIfConflict: () => void }>(comparable);
    if (copy) {
      if (!sameKey(comparable, copy)) copy.holdIfConflict();
      aliases.push({ aliasId: record.id, questionId: copy.id, reason: sameKey(comparable, copy) ? 'copy of another CasiMedicos record' : 'copy of another CasiMedicos record with a different key' });
      continue;
    }

    const doubt = context.review?.doubted[record.id];
    const holdReason = doubt
      ? `Clave en duda tras la revisión independiente: ${doubt}`
      : confirmed.has(record.id)
        ? undefined
        : 'Clave sin verificación independiente (CasiMedicos no es la plantilla oficial).';
    const placed = {
      tags: { ...(handPlacement(context.labels, record.id) ?? classify(`${stem} ${options.join(' ')}`, context.model, record.type)), tema: 'Examen MIR', dificultad: 'Media' as const },
      source: { citation: CITATION, url: SOURCE_URL },
      holdReason,
    };
    const body = { options, correctIndex, explanation: tidy(record.explanation) };
    let item: ImportedCase | ImportedSingle;
    if (caseText && caseText !== question) {
      item = { id: record.id, caseText, ...placed, questions: [{ id: `${record.id}-q1`, question, ...body }] };
      cases.push(item);
    } else {
      item = { id: record.id, question: stem, ...placed, ...body };
      singles.push(item);
    }
    const target = item;
    served.add({
      ...comparable,
      id: 'questions' in item ? item.questions[0]!.id : item.id,
      holdIfConflict: () => {
        target.holdReason = CONFLICT;
      },
    });
  }
  return { format: 'CasiMedicos', bank: BANK, cases, questions: singles, skipped, aliases, attachments, holds };
}
