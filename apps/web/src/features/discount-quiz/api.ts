import type {
  DiscountQuizEvaluation,
  DiscountQuizQuestion,
  DiscountRecord,
  PublicDiscountClaimResponse,
  SaveDiscountQuizEvaluationBody,
  SaveDiscountQuizEvaluationResponse,
} from '@galeno/domain/contracts/discount-quiz';
import { api } from '../../lib/api';

/*
 * The discount quiz calls (spec section 7). Types come from the shared contract; `import type` keeps zod
 * out of the page chunk. The participant is the signed-in account, or the visitor's IP: the same calls
 * serve the public, trial and signed-in variants, and the server enforces every limit.
 */

export function fetchDiscountQuestion(signal?: AbortSignal): Promise<DiscountQuizQuestion> {
  return api.discountQuiz.question({ signal });
}

/** The participant's attempts, oldest first. */
export function fetchDiscountEvaluations(signal?: AbortSignal): Promise<DiscountQuizEvaluation[]> {
  return api.discountQuiz.evaluations({ signal });
}

export async function fetchLastDiscount(signal?: AbortSignal): Promise<DiscountRecord | null> {
  const { discount } = await api.discountQuiz.lastDiscount({ signal });
  return discount;
}

/**
 * Grades and records one attempt. The server grades it itself (wasCorrect is optional and ignored, so
 * the page does not guess it) and answers 409 ALREADY_PARTICIPATED_TODAY or MAX_ATTEMPTS_REACHED.
 */
export function saveDiscountEvaluation(body: SaveDiscountQuizEvaluationBody): Promise<SaveDiscountQuizEvaluationResponse> {
  return api.discountQuiz.saveEvaluation({ body });
}

/** Accepting or declining the discount won; 400 DISCOUNT_NOT_DRAWN for any other percentage. */
export function saveDiscountDecision(body: { discount: number; userAccepted: boolean }): Promise<DiscountRecord> {
  return api.discountQuiz.saveDiscount({ body });
}

export interface PublicDiscountClaim {
  name: string;
  email: string;
  dateOfBirth: string;
  discount: string;
}

/** The public claim: e-mails the discount; 409 EMAIL_ALREADY_CLAIMED when that e-mail already got one. */
export function claimPublicDiscount(body: PublicDiscountClaim): Promise<PublicDiscountClaimResponse> {
  return api.discountQuiz.claimPublicDiscount({ body });
}
