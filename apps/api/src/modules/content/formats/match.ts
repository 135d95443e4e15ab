import type { ImportBatch } from './types.ts';

/**
 * Loose matching of the same MIR question written twice (two sources, or two copies in one source): the
 * texts differ by typos, spacing and punctuation, so questions are compared as sets of words, and their keys
 * option by option (which option of the other copy the key is).
 */

export interface Comparable {
  id: string;
  stem: string;
  options: readonly string[];
  correctIndex: number;
}

export function words(text: string): Set<string> {
  return new Set(
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Prepared extends Comparable {
  all: Set<string>;
  optionWords: Set<string>;
}

const prepare = (item: Comparable): Prepared => ({ ...item, all: words(`${item.stem} ${item.options.join(' ')}`), optionWords: words(item.options.join(' ')) });

/** An index of questions another item may duplicate. */
export class QuestionIndex {
  private readonly items: Prepared[];
  constructor(items: readonly Comparable[]) {
    this.items = items.map(prepare);
  }

  add<T extends Comparable>(item: T) {
    this.items.push(prepare(item));
  }

  /** The indexed question this one repeats (stem and options alike), or undefined. */
  find<T extends Comparable>(item: Comparable): T | undefined {
    const probe = prepare(item);
    let best: { item: Prepared; score: number } | undefined;
    for (const candidate of this.items) {
      if (jaccard(probe.optionWords, candidate.optionWords) < 0.6) continue;
      const score = jaccard(probe.all, candidate.all);
      if (score >= 0.6 && (!best || score > best.score)) best = { item: candidate, score };
    }
    return best?.item as T | undefined;
  }
}

/** Every question of a parsed batch, as the matcher compares them (a case has one question in the MIR banks). */
export function comparablesOf(batch: Pick<ImportBatch, 'cases' | 'questions'>): Comparable[] {
  return [
    ...batch.cases.map((item) => ({ id: item.questions[0]!.id, stem: `${item.caseText} ${item.questions[0]!.question}`, options: item.questions[0]!.options, correctIndex: item.questions[0]!.correctIndex })),
    ...batch.questions.map((item) => ({ id: item.id, stem: item.question, options: item.options, correctIndex: item.correctIndex })),
  ];
}

/**
 * An option's text for comparing two copies of it: accents, case, spacing and punctuation aside (typos such as
 * «Gn_RH» against «GnRH» or «2mg/kg» against «2 mg/Kg» vanish), while digits, fractions and decimals stay
 * («1/4» is not «2/3», «2,5» is «2.5»).
 */
export function optionForm(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)\s*,\s*(?=\d)/g, '$1.')
    .replace(/(\d)\s*\/\s*(?=\d)/g, '$1/')
    .replace(/[^\p{L}\p{N}./]+/gu, '')
    .replace(/(?<!\d)[./]|[./](?!\d)/g, '');
}

/** Edit distance (insertions, deletions, substitutions), one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** How alike two options read, from 0 (nothing in common) to 1 (the same option), character by character. */
export function optionSimilarity(a: string, b: string): number {
  const x = optionForm(a);
  const y = optionForm(b);
  if (x === y) return 1;
  return 1 - editDistance(x, y) / Math.max(x.length, y.length);
}

/** Below this, two aligned options are not taken for the same one (a typo or two still pass: «lleo» and «Íleo» score 0.96). */
const SAME_OPTION = 0.6;

/**
 * Which option of `b` each option of `a` is (its index, or -1): the pairing that makes the options most alike
 * overall (every pairing of at most five options is tried), so copies that list the options in another order
 * or spell them differently still pair up. A pair less alike than SAME_OPTION is not a pair.
 */
export function alignOptions(a: readonly string[], b: readonly string[]): number[] {
  const score = a.map((option) => b.map((other) => optionSimilarity(option, other)));
  let best: { total: number; pairing: number[] } = { total: -1, pairing: a.map(() => -1) };
  const used = new Set<number>();
  const pairing: number[] = [];
  const walk = (i: number, total: number) => {
    if (i === a.length) {
      if (total > best.total) best = { total, pairing: [...pairing] };
      return;
    }
    for (let j = -1; j < b.length; j++) {
      if (j >= 0 && used.has(j)) continue;
      if (j >= 0) used.add(j);
      pairing.push(j);
      walk(i + 1, total + (j >= 0 ? score[i]![j]! : 0));
      pairing.pop();
      if (j >= 0) used.delete(j);
    }
  };
  // Ten options at most reach here (five against five: 1,546 pairings); more would be another kind of file.
  if (a.length <= 6 && b.length <= 6) walk(0, 0);
  return best.pairing.map((j, i) => (j >= 0 && score[i]![j]! >= SAME_OPTION ? j : -1));
}

/**
 * Whether two copies of a question name the same option as the key: by the option's identity (which option of
 * the other copy it is), never by how alike the two keys' texts read, so short and numeric options count too.
 */
export function sameKey(a: Comparable, b: Comparable): boolean {
  const paired = alignOptions(a.options, b.options)[a.correctIndex];
  if (paired === b.correctIndex) return true;
  // Two identical options in one copy (a reconstruction slip) make either a fair pairing for the key.
  const key = optionForm(a.options[a.correctIndex] ?? '');
  return key !== '' && key === optionForm(b.options[b.correctIndex] ?? '');
}
