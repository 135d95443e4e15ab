import { sql } from 'drizzle-orm';
import { answers } from '../../db/schema/quiz.ts';
import { answerSealed } from '../sessions/sealed.ts';

/**
 * What the statistics count (issue 35, N2): every answer, the moment it is graded, wherever it was given; a session
 * is a grouping, not something to save. Only an answer of a sitting still open (a simulacro, a custom exam in exam
 * mode) waits until the sitting is finished (sessions/sealed.ts), as its verdict is not the student's to see yet. The
 * totals kept by triggers (migration 0036) apply the same rule.
 */
export const countedAnswer = sql`not ${answerSealed(answers)}`;
