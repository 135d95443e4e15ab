import { z } from 'zod';
import { asMirComment, withUpdateNote } from '@galeno/domain/external-sources';
import { optionLetter } from '@galeno/domain/scores';
import { classify, type WordModel } from './classify.ts';
import { heldByReview, type ReviewDecisions } from './decisions.ts';
import { handPlacement, type HandLabels } from './hand-labels.ts';
import type { DatedQuestion } from './head-qa.ts';
import { alignOptions, QuestionIndex, sameKey, type Comparable } from './match.ts';
import { lettersForOptionNumbers } from './option-letters.ts';
import { casiMedicosLine, NOTICE_URL } from './source-line.ts';
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

/** Where the data set is published (its NOTICE names it); the screens link to our NOTICE page instead. */
export const SOURCE_URL = 'https://github.com/ixa-ehu/antidote-casimedicos';

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
  /** Every HEAD-QA question with its exam's year, served or not: a copy of one gives a record its year. */
  dated?: readonly DatedQuestion[] | undefined;
  /** The physician's review of this bank (decisions.json): retired, held, released and annotated records. */
  decisions?: ReviewDecisions | undefined;
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

/**
 * The doctors' commentary as the screens show it: under its label, the options named by the letters of the
 * question it explains (`letterOf` turns CasiMedicos' option number into that letter, or nothing).
 */
export function commentary(explanation: string, letterOf: (n: number) => string | undefined): string {
  return asMirComment(lettersForOptionNumbers(tidy(explanation), letterOf));
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
 * check has not confirmed or doubts, are held for review ("en revisión") and never graded. Keys are compared
 * by option identity (match.ts). A copy of a HEAD-QA question gives the record its exam year. The doctors'
 * commentary is shown as theirs, its option numbers written as the letters on screen (option-letters.ts), and
 * the physician's review (decisions.json) retires, holds, releases or annotates records.
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
  const dated = new QuestionIndex(context.dated ?? []);
  const decisions = context.decisions;

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
      const officialQuestion = officialById.get(officialCopy.id)!;
      const agrees = sameKey(comparable, officialQuestion);
      // The booklet's numbers become the letters of the official question's options, paired by identity.
      const paired = alignOptions(options, officialQuestion.options);
      const letterOf = (n: number) => {
        const at = paired[keys.indexOf(String(n))] ?? -1;
        return at >= 0 ? optionLetter(at) : undefined;
      };
      if (agrees) attachments.push({ questionId: officialCopy.id, explanation: commentary(record.explanation, letterOf) });
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

    // A HEAD-QA copy the official bank does not serve (it needs an image there) still gives the exam's year and key.
    const datedCopy = dated.find<DatedQuestion>(comparable);
    const year = datedCopy?.year;
    const doubt = context.review?.doubted[record.id];
    const released = decisions?.released[record.id] !== undefined;
    const heldByDecision = decisions?.held[record.id];
    const holdReason = heldByDecision
      ? heldByReview(heldByDecision)
      : datedCopy && !sameKey(comparable, datedCopy)
        ? `La plantilla oficial del examen MIR ${year} da otra clave.`
        : released
          ? undefined
          : doubt
            ? `Clave en duda tras la revisión independiente: ${doubt}`
            : confirmed.has(record.id)
              ? undefined
              : 'Clave sin verificación independiente (CasiMedicos no es la plantilla oficial).';
    const placed = {
      tags: {
        ...(handPlacement(context.labels, record.id) ?? classify(`${stem} ${options.join(' ')}`, context.model, record.type)),
        tema: year ? `Examen MIR ${year}` : 'Examen MIR',
        dificultad: 'Media' as const,
      },
      source: { citation: casiMedicosLine(year), url: NOTICE_URL },
      holdReason,
      retireReason: decisions?.retired[record.id],
    };
    const letterOf = (n: number) => (keys.includes(String(n)) ? optionLetter(keys.indexOf(String(n))) : undefined);
    const body = { options, correctIndex, explanation: withUpdateNote(commentary(record.explanation, letterOf), decisions?.notes[record.id]) };
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
