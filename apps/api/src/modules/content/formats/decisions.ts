import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a physician's review decided about items of an external bank (`decisions.json` beside its data), applied
 * by the importer on every load, so a restart serves exactly what the files say:
 * - `retired`: wrong or debatable today (a schedule, a law or a guideline changed); never served again, answers kept;
 * - `held`: kept out of every draw, count and grade, listed in the staff queue with the reason;
 * - `released`: a key the review adjudicated right although the independent key check doubted it;
 * - `notes`: our update note, shown under the explanation, where the key still stands but the facts around it moved.
 * Every entry gives its reason (Spanish: staff read the hold reasons, students read the notes).
 */
export const DECISIONS_FILE = 'decisions.json';

const reasons = z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().min(1)).default({});

export const ReviewDecisionsSchema = z.object({
  reviewer: z.string().min(1),
  date: z.string().min(1),
  retired: reasons,
  held: reasons,
  released: reasons,
  notes: reasons,
});
export type ReviewDecisions = z.infer<typeof ReviewDecisionsSchema>;

/** The decisions beside a bank's data file, validated; none when the bank has no such file. */
export function decisionsBeside(file: string): ReviewDecisions | undefined {
  const decisionsFile = path.join(path.dirname(file), DECISIONS_FILE);
  if (!existsSync(decisionsFile)) return undefined;
  return ReviewDecisionsSchema.parse(JSON.parse(readFileSync(decisionsFile, 'utf8')));
}

const REVIEW_HOLD = 'Retenida por la revisión médica: ';

/** The reason a decision holds an item, as the staff queue shows it. */
export const heldByReview = (reason: string) => `${REVIEW_HOLD}${reason}`;

/** Whether an item's hold comes from the review's decisions (applied to a served item too, unlike other holds). */
export const isReviewHold = (holdReason: string | undefined) => holdReason?.startsWith(REVIEW_HOLD) ?? false;
