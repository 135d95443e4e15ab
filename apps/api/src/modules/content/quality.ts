/**
 * The item-writing rules `npm run content:check` enforces on our own bank (docs/content-format.md): every
 * item cites a guideline of the registry, its explanation speaks to every option, and no stem repeats another
 * (normalised word sets). A guideline marked superseded lists the items resting on it for review.
 */
import type { GuidelineEntry } from '@galeno/domain/content';
import type { ContentItems } from './files.ts';

export interface QualityReport {
  problems: { item: string; message: string }[];
  /** Items resting on a superseded guideline: to review, not a failure. */
  toReview: { item: string; guideline: string }[];
}

const STOPWORDS = new Set(
  'para como con sin por entre sobre desde hasta los las del una uno unos unas que más menos muy este esta estos estas cada otro otra otros otras sus solo dosis días horas años meses semanas with from that this than into over under after before their the and for'.split(' '),
);

function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}.]+/u)
    .map((word) => word.replace(/\.+$/, ''))
    .filter((word) => word.length >= 4 && !STOPWORDS.has(word));
}

/** Crude stemming: enough to match «hemolítica» with «hemólisis» no, but «fototerapia» with «fototerapias» yes. */
const stem = (word: string) => (word.length > 6 ? word.slice(0, 6) : word);

/** An option is addressed when one of its meaningful words (or a number of it) appears in the explanation. */
export function unaddressedOptions(options: readonly string[], explanation: string): number[] {
  const explained = new Set(wordsOf(explanation).map(stem));
  const numbers = new Set(explanation.match(/\d+(?:[.,]\d+)?/g) ?? []);
  return options
    .map((option, index) => {
      const words = wordsOf(option);
      const optionNumbers = option.match(/\d+(?:[.,]\d+)?/g) ?? [];
      if (words.length === 0 && optionNumbers.length === 0) return -1;
      return words.some((word) => explained.has(stem(word))) || optionNumbers.some((number) => numbers.has(number)) ? -1 : index;
    })
    .filter((index) => index >= 0);
}

function jaccard(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/** Stems at least this alike (word sets) are near-duplicates. */
export const NEAR_DUPLICATE = 0.8;

export function checkQuality(items: ContentItems, guidelines: readonly GuidelineEntry[]): QualityReport {
  const problems: QualityReport['problems'] = [];
  const toReview: QualityReport['toReview'] = [];
  const superseded = new Map(guidelines.filter((entry) => entry.status === 'sustituida').map((entry) => [entry.id, entry]));
  const stems: { id: string; words: Set<string> }[] = [];

  const checkCitation = (item: { id: string; guideline?: string | undefined; gpc?: unknown }) => {
    // An inline citation is moved into the registry by `npm run content:cite`; the repository test requires that.
    if (!item.guideline && !item.gpc) problems.push({ item: item.id, message: 'cites no guideline' });
    else if (item.guideline && superseded.has(item.guideline)) toReview.push({ item: item.id, guideline: item.guideline });
  };
  const checkQuestion = (id: string, question: { options: readonly string[]; explanation: string }) => {
    const missing = unaddressedOptions(question.options, question.explanation);
    if (missing.length > 0) problems.push({ item: id, message: `the explanation does not address option(s) ${missing.map((index) => String.fromCharCode(65 + index)).join(', ')}` });
  };

  for (const item of items['clinical-cases']) {
    checkCitation(item);
    for (const question of item.questions) checkQuestion(question.id, question);
    stems.push({ id: item.id, words: new Set(wordsOf(item.caseText)) });
  }
  for (const item of items.questions) {
    checkCitation(item);
    checkQuestion(item.id, item);
    stems.push({ id: item.id, words: new Set(wordsOf(item.question)) });
  }
  for (let i = 0; i < stems.length; i++) {
    for (let j = i + 1; j < stems.length; j++) {
      const a = stems[i]!;
      const b = stems[j]!;
      if (Math.min(a.words.size, b.words.size) / Math.max(a.words.size, b.words.size, 1) < NEAR_DUPLICATE) continue;
      if (jaccard(a.words, b.words) >= NEAR_DUPLICATE) problems.push({ item: b.id, message: `its stem nearly repeats ${a.id}` });
    }
  }
  return { problems, toReview };
}
