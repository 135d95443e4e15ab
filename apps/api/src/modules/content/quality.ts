/**
 * The item-writing rules `npm run content:check` enforces on our own bank (docs/content-format.md): every
 * item cites a guideline of the registry, its explanation speaks to every option, no stem repeats another
 * (normalised word sets), every question has four options, and the key is not given away by its length (the
 * answer-cue balance). A guideline marked superseded lists the items resting on it for review.
 */
import type { GuidelineEntry } from '@galeno/domain/content';
import type { ContentItems } from './files.ts';

export interface QualityProblem {
  /** The item, or the group of questions (a sub-speciality, the own bank) the problem is about. */
  item: string;
  message: string;
}

export interface QualityReport {
  problems: QualityProblem[];
  /** Items resting on a superseded guideline: to review, not a failure. */
  toReview: { item: string; guideline: string }[];
  /** The answer-cue balance, for the whole bank and each sub-speciality (content:check prints it). */
  cues: CueRow[];
}

/**
 * A test-wise student picks the longest option, or, where writers over-corrected, the second-longest (the
 * review of 933b5f1 found the key second-longest in 41 % of the bank). By chance each of four ranks gets a
 * quarter of the keys, so the longest and the second-longest must each hold 20–30 % of the questions, in the
 * whole bank and in every sub-speciality, which is what a student drills.
 */
export const CUE_SHARE = { min: 0.2, max: 0.3 } as const;
/** The ENARM's format: one best answer and three distractors. */
export const OPTIONS_PER_QUESTION = 4;

export interface CueRow {
  /** The sub-speciality, or null for the whole own bank. */
  group: string | null;
  questions: number;
  /** Questions whose key is the longest, second-, third- and fourth-longest option (a fifth option's rank is not counted here). */
  byRank: [number, number, number, number];
  /** Questions with other than four options. */
  notFourOptions: number;
}

/** The key's rank by length in characters among the options (1 = longest); on a tie the earlier option ranks first. */
export function keyLengthRank(options: readonly string[], correctIndex: number): number {
  const lengths = options.map((option) => [...option].length);
  const order = lengths.map((length, index) => ({ length, index })).sort((a, b) => b.length - a.length || a.index - b.index);
  return order.findIndex((entry) => entry.index === correctIndex) + 1;
}

const RANK_NAMES = ['longest', 'second-longest'] as const;
const asPercent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The shares of each key rank and the option counts of our own bank (cases and single questions), with what breaks the rule. */
export function answerCueBalance(items: Pick<ContentItems, 'clinical-cases' | 'questions'>): { rows: CueRow[]; problems: QualityProblem[] } {
  const problems: QualityProblem[] = [];
  const bank: CueRow = { group: null, questions: 0, byRank: [0, 0, 0, 0], notFourOptions: 0 };
  const bySub = new Map<string, CueRow>();
  const count = (sub: string, id: string, question: { options: readonly string[]; correctIndex: number }) => {
    let row = bySub.get(sub);
    if (!row) bySub.set(sub, (row = { group: sub, questions: 0, byRank: [0, 0, 0, 0], notFourOptions: 0 }));
    const rank = keyLengthRank(question.options, question.correctIndex);
    const fourOptions = question.options.length === OPTIONS_PER_QUESTION;
    if (!fourOptions) problems.push({ item: id, message: `has ${question.options.length} options: every question of our own bank has four, as the ENARM` });
    for (const target of [bank, row]) {
      target.questions++;
      if (rank <= 4) target.byRank[rank - 1]!++;
      if (!fourOptions) target.notFourOptions++;
    }
  };
  for (const item of items['clinical-cases']) for (const question of item.questions) count(item.tags.subEspecialidad, question.id, question);
  for (const item of items.questions) count(item.tags.subEspecialidad, item.id, item);

  const rows = [bank, ...[...bySub.values()].sort((a, b) => a.group!.localeCompare(b.group!, 'es'))];
  for (const row of rows) {
    if (row.questions === 0) continue;
    RANK_NAMES.forEach((name, index) => {
      const share = row.byRank[index]! / row.questions;
      if (share < CUE_SHARE.min || share > CUE_SHARE.max) {
        problems.push({
          item: row.group ?? 'own bank',
          message: `the key is the ${name} option in ${asPercent(share)} of the questions (${row.byRank[index]} of ${row.questions}); keep it within ${CUE_SHARE.min * 100}–${CUE_SHARE.max * 100}%`,
        });
      }
    });
  }
  return { rows, problems };
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
  const problems: QualityProblem[] = [];
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
    for (const question of item.questions) {
      checkQuestion(question.id, question);
      if (question.guideline && superseded.has(question.guideline)) toReview.push({ item: question.id, guideline: question.guideline });
    }
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
  const cues = answerCueBalance(items);
  problems.push(...cues.problems);
  return { problems, toReview, cues: cues.rows };
}
