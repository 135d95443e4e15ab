import { z } from 'zod';
import { withUpdateNote } from '@galeno/domain/external-sources';
import { optionLetter } from '@galeno/domain/scores';
import { classify, type WordModel } from './classify.ts';
import { heldByReview, type ReviewDecisions } from './decisions.ts';
import { handPlacement, type HandLabels } from './hand-labels.ts';
import type { Comparable } from './match.ts';
import { headQaLine, NOTICE_URL } from './source-line.ts';
import { splitStem, tidy } from './stem.ts';
import { FormatError, type ImportBatch, type ImportedCase, type ImportedSingle, type Skipped } from './types.ts';

/** HEAD-QA's own layout (README.txt of the data set): the envelope, then each record on its own. */
const EnvelopeSchema = z.object({
  version: z.string().optional(),
  language: z.string().optional(),
  exams: z.record(z.string(), z.object({ name: z.string(), category: z.string().optional(), year: z.union([z.string(), z.number()]).optional(), data: z.array(z.unknown()) })),
});

const RecordSchema = z.object({
  qid: z.union([z.string(), z.number()]),
  qtext: z.string(),
  ra: z.union([z.string(), z.number()]),
  image: z.string().optional().nullable(),
  answers: z.array(z.object({ aid: z.union([z.string(), z.number()]), atext: z.string() })),
});

export const BANK = 'head-qa';

/** Where the data set is published (its NOTICE names it); the screens link to our NOTICE page instead. */
export const SOURCE_URL = 'https://github.com/aghie/head-qa';

/**
 * The MIR medicine exams whose HEAD-QA keys were checked against the Ministry's templates. HEAD-QA's keys of the
 * 2016 and 2017 medicine exams are known to be wrong: served as official they would grade students wrongly and
 * overrule CasiMedicos' right keys of the same questions (decision 013), so a file holding them is refused whole.
 */
export const CHECKED_MEDICINE_YEARS = ['2013', '2014', '2015'] as const;
const KNOWN_BAD_MEDICINE_YEARS = ['2016', '2017'];

/** A HEAD-QA question with its exam's year, served or not (one that needs an image still dates its copies). */
export type DatedQuestion = Comparable & { year: string };

/** A HEAD-QA question's stable id: its exam and its number there. */
export function headQaId(examKey: string, qid: string | number): string {
  return `headqa-${examKey.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${qid}`;
}

export function isHeadQa(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'exams' in data;
}

/** The official key, said plainly: HEAD-QA carries no explanation. */
export function officialKeyExplanation(year: string, correctIndex: number) {
  return `Pregunta oficial MIR sin explicación. La respuesta correcta, según la plantilla oficial del examen MIR ${year} del Ministerio de Sanidad de España, es la opción ${optionLetter(correctIndex)}.`;
}

/**
 * HEAD-QA's MIR medicine exams: the official questions and keys of Spain's Ministry of Health. A medicine exam
 * of a year whose keys were not checked (2016 and 2017 are known to be wrong) refuses the whole file, naming the
 * exam and the reason; the other categories (nursing, pharmacology…) are skipped. Records that refer to an image,
 * have fewer than four options or no key among them are skipped with the reason; a record of the wrong shape
 * refuses the file, naming the record and the field. The review's decisions retire, hold or annotate items.
 */
export function parseHeadQa(data: unknown, model: WordModel, labels?: HandLabels, decisions?: ReviewDecisions): ImportBatch {
  const envelope = EnvelopeSchema.safeParse(data);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    throw new FormatError('HEAD-QA', issue.path.join('.') || '(file)', issue.message);
  }
  const cases: ImportedCase[] = [];
  const singles: ImportedSingle[] = [];
  const skipped: Skipped[] = [];
  const exams = Object.entries(envelope.data.exams).map(([examKey, exam]) => ({
    examKey,
    exam,
    year: String(exam.year ?? /\d{4}/.exec(examKey)?.[0] ?? ''),
    // HEAD-QA names each exam's category; an exam without one is taken for medicine, so the year check applies.
    medicine: (exam.category ?? 'medicine').toLowerCase() === 'medicine',
  }));
  for (const { examKey, year, medicine } of exams) {
    if (!medicine) continue;
    if (KNOWN_BAD_MEDICINE_YEARS.includes(year))
      throw new FormatError(
        examKey,
        'year',
        `HEAD-QA's keys of the ${year} MIR medicine exam are known to be wrong (they would grade students wrongly and overrule CasiMedicos' right keys): the file is refused and nothing is imported; only the ${CHECKED_MEDICINE_YEARS.join(', ')} medicine exams are accepted`,
      );
    if (!(CHECKED_MEDICINE_YEARS as readonly string[]).includes(year))
      throw new FormatError(examKey, 'year', `HEAD-QA's keys of the MIR medicine exam of ${year || 'an unknown year'} were never checked: the file is refused and nothing is imported; only the ${CHECKED_MEDICINE_YEARS.join(', ')} medicine exams are accepted`);
  }
  for (const { examKey, exam, year, medicine } of exams) {
    exam.data.forEach((raw, index) => {
      const record = RecordSchema.safeParse(raw);
      const qid = (raw as { qid?: unknown } | null)?.qid;
      const id = headQaId(examKey, typeof qid === 'string' || typeof qid === 'number' ? qid : `#${index + 1}`);
      if (!record.success) {
        const issue = record.error.issues[0]!;
        throw new FormatError(id, issue.path.join('.') || '(record)', issue.message);
      }
      const item = record.data;
      if (!medicine) {
        skipped.push({ id, reason: `not a MIR medicine exam (HEAD-QA category ${exam.category})` });
        return;
      }
      if (item.image || /vinculada a la imagen|imagen adjunta|se muestra en la imagen/i.test(item.qtext)) {
        skipped.push({ id, reason: 'refers to an image that is not included in the data set' });
        return;
      }
      const options = [...item.answers].sort((a, b) => Number(a.aid) - Number(b.aid)).map((option) => ({ aid: String(option.aid), text: tidy(option.atext) }));
      if (!tidy(item.qtext)) {
        skipped.push({ id, reason: 'empty question' });
        return;
      }
      if (options.length < 4 || options.length > 5 || options.some((option) => !option.text)) {
        skipped.push({ id, reason: 'fewer than four options, more than five or an empty one' });
        return;
      }
      const correctIndex = options.findIndex((option) => option.aid === String(item.ra));
      if (correctIndex < 0) {
        skipped.push({ id, reason: `no correct answer: key ${item.ra} is not among its options` });
        return;
      }
      const stem = tidy(item.qtext);
      const placed = {
        tags: { ...(handPlacement(labels, id) ?? classify(`${stem} ${options.map((option) => option.text).join(' ')}`, model)), tema: `Examen MIR ${year}`, dificultad: 'Media' as const },
        source: { citation: headQaLine(year, item.qid), url: NOTICE_URL },
        holdReason: decisions?.held[id] ? heldByReview(decisions.held[id]) : undefined,
        retireReason: decisions?.retired[id],
      };
      const question = { options: options.map((option) => option.text), correctIndex, explanation: withUpdateNote(officialKeyExplanation(year, correctIndex), decisions?.notes[id]) };
      const split = splitStem(stem);
      if (split) cases.push({ id, caseText: split.caseText, ...placed, questions: [{ id: `${id}-q1`, question: split.question, ...question }] });
      else singles.push({ id, question: stem, ...placed, ...question });
    });
  }
  return { format: 'HEAD-QA', bank: BANK, cases, questions: singles, skipped };
}

/**
 * Every well-formed question of the checked medicine exams of a HEAD-QA file with its exam's year, those skipped
 * for an image included: what dates CasiMedicos' copies of them. Nothing else of the file is judged here.
 */
export function headQaDated(data: unknown): DatedQuestion[] {
  const envelope = EnvelopeSchema.safeParse(data);
  if (!envelope.success) return [];
  const dated: DatedQuestion[] = [];
  for (const [examKey, exam] of Object.entries(envelope.data.exams)) {
    const year = String(exam.year ?? /\d{4}/.exec(examKey)?.[0] ?? '');
    if ((exam.category ?? 'medicine').toLowerCase() !== 'medicine' || !(CHECKED_MEDICINE_YEARS as readonly string[]).includes(year)) continue;
    for (const raw of exam.data) {
      const record = RecordSchema.safeParse(raw);
      if (!record.success || !tidy(record.data.qtext)) continue;
      const answers = [...record.data.answers].sort((a, b) => Number(a.aid) - Number(b.aid));
      const correctIndex = answers.findIndex((option) => String(option.aid) === String(record.data.ra));
      if (correctIndex >= 0) dated.push({ id: headQaId(examKey, record.data.qid), year, stem: tidy(record.data.qtext), options: answers.map((option) => tidy(option.atext)), correctIndex });
    }
  }
  return dated;
}
