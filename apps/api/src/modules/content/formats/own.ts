import { CONTENT_KINDS } from '@galeno/domain/content';
import { FormatError, type ImportBatch } from './types.ts';

/** Files in our own format imported by hand live in their own bank: content/ (the 'own' bank) never retires them. */
export const BANK = 'imported';

export function isOwnFormat(data: unknown): boolean {
  return Array.isArray(data) && (data.length === 0 || (typeof data[0] === 'object' && data[0] !== null && 'id' in data[0] && !('case' in data[0])));
}

/** Our content format (docs/content-format.md): clinical cases or single questions, every item valid or none. */
export function parseOwn(data: unknown): ImportBatch {
  const isCases = Array.isArray(data) && (data[0] as { caseText?: unknown } | undefined)?.caseText !== undefined;
  const parsed = (isCases ? CONTENT_KINDS['clinical-cases'] : CONTENT_KINDS.questions).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [index, ...field] = issue.path;
    const id = typeof index === 'number' ? ((data as { id?: unknown }[])[index]?.id ?? `#${index + 1}`) : '(file)';
    throw new FormatError(String(id), field.join('.') || '(item)', issue.message);
  }
  return isCases
    ? { format: 'Galeno', bank: BANK, cases: parsed.data as ImportBatch['cases'], questions: [], skipped: [] }
    : { format: 'Galeno', bank: BANK, cases: [], questions: parsed.data as ImportBatch['questions'], skipped: [] };
}
