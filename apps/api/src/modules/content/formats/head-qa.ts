import { z } from 'zod';
import { optionLetter } from '@galeno/domain/scores';
import { classify, type WordModel } from './classify.ts';
import { handPlacement, type HandLabels } from './hand-labels.ts';
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

const CITATION =
  'HEAD-QA v1.0 (Vilares y Gómez-Rodríguez, ACL 2019, licencia MIT). Pregunta del examen MIR {year} del Ministerio de Sanidad de España, n.º {qid}. Última actualización de los documentos reutilizados: 14 de enero de 2019.';
export const SOURCE_URL = 'https://github.com/aghie/head-qa';

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
 * HEAD-QA's MIR medicine exams: the official questions and keys of Spain's Ministry of Health. Records
 * that refer to an image, have fewer than four options or no key among them are skipped with the reason; a
 * record of the wrong shape refuses the file, naming the record and the field.
 */
export function parseHeadQa(data: unknown, model: WordModel, labels?: HandLabels): ImportBatch {
  const envelope = EnvelopeSchema.safeParse(data);
  if (!envelope.success) {
    const issue = envelope.error.issues[0]!;
    throw new FormatError('HEAD-QA', issue.path.join('.') || '(file)', issue.message);
  }
  const cases: ImportedCase[] = [];
  const singles: ImportedSingle[] = [];
  const skipped: Skipped[] = [];
  for (const [examKey, exam] of Object.entries(envelope.data.exams)) {
    const year = String(exam.year ?? /\d{4}/.exec(examKey)?.[0] ?? '');
    exam.data.forEach((raw, index) => {
      const record = RecordSchema.safeParse(raw);
      const qid = (raw as { qid?: unknown } | null)?.qid;
      const id = headQaId(examKey, typeof qid === 'string' || typeof qid === 'number' ? qid : `#${index + 1}`);
      if (!record.success) {
        const issue = record.error.issues[0]!;
        throw new FormatError(id, issue.path.join('.') || '(record)', issue.message);
      }
      const item = record.data;
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
        source: { citation: CITATION.replace('{year}', year).replace('{qid}', String(item.qid)), url: SOURCE_URL },
      };
      const question = { options: options.map((option) => option.text), correctIndex, explanation: officialKeyExplanation(year, correctIndex) };
      const split = splitStem(stem);
      if (split) cases.push({ id, caseText: split.caseText, ...placed, questions: [{ id: `${id}-q1`, question: split.question, ...question }] });
      else singles.push({ id, question: stem, ...placed, ...question });
    });
  }
  return { format: 'HEAD-QA', bank: BANK, cases, questions: singles, skipped };
}
