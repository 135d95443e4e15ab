import type { DiscountQuizEvaluation } from '@galeno/domain/contracts/discount-quiz';
import type { EvaluationLike } from '@galeno/domain/discount-quiz-machine';
import { formatDiscount, parseDiscountPercent } from '@galeno/domain/discount-quiz-machine';

/**
 * The public quiz's local record (spec section 3: keys discountQuizEvaluations and
 * discountQuizLastDiscountWon). The server decides every limit (decisions: discount quiz); this copy is
 * rewritten from the server's answer on every visit ("server wins") and read only when the server
 * cannot be reached.
 */

export const EVALUATIONS_KEY = 'discountQuizEvaluations';
export const LAST_DISCOUNT_KEY = 'discountQuizLastDiscountWon';

/** At least `created` and `wasCorrect`; the server's records add the question, difficulty and answer. */
export type LocalEvaluation = EvaluationLike & Partial<Omit<DiscountQuizEvaluation, 'created' | 'wasCorrect'>>;

function isLocalEvaluation(value: unknown): value is LocalEvaluation {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.created === 'string' && typeof record.wasCorrect === 'boolean';
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the server still has the record.
  }
}

/** The stored attempts; an unreadable entry is dropped rather than trusted. */
export function readLocalEvaluations(): LocalEvaluation[] {
  const raw = read(EVALUATIONS_KEY);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLocalEvaluation) : [];
  } catch {
    return [];
  }
}

export function writeLocalEvaluations(evaluations: readonly LocalEvaluation[]): void {
  write(EVALUATIONS_KEY, JSON.stringify(evaluations));
}

export function appendLocalEvaluation(evaluation: LocalEvaluation): void {
  writeLocalEvaluations([...readLocalEvaluations(), evaluation]);
}

/** '30%'-style, or null when none is stored (or it is not a percentage). */
export function readLocalLastDiscount(): string | null {
  const percent = parseDiscountPercent(read(LAST_DISCOUNT_KEY));
  return percent === null ? null : formatDiscount(percent);
}

export function writeLocalLastDiscount(discount: string | number | null): void {
  const percent = parseDiscountPercent(discount);
  write(LAST_DISCOUNT_KEY, percent === null ? null : formatDiscount(percent));
}
