import type { ImportBatch } from './types.ts';

/**
 * Loose matching of the same MIR question written twice (two sources, or two copies in one source): the
 * texts differ by typos, spacing and punctuation, so they are compared as sets of words.
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

/** The same words, punctuation, case and accents aside. */
export function sameText(a: string, b: string): boolean {
  return jaccard(words(a), words(b)) >= 0.8;
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

/** Whether two copies of a question name the same option as the key (compared by its text). */
export function sameKey(a: Comparable, b: Comparable): boolean {
  return sameText(a.options[a.correctIndex] ?? '', b.options[b.correctIndex] ?? '');
}
