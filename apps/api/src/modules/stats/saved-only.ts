import { sql, type SQLWrapper } from 'drizzle-orm';
import { answers, quizSessions } from '../../db/schema/quiz.ts';

/**
 * Statistics count what the student saved: an answer given in a quiz session counts once that session is saved
 * ("Guardar y salir", the end of a quiz), never while it is open or after it was abandoned. An answer recorded
 * outside any session (the spec's bare evaluate call) has nothing to save and counts as given.
 */
export const savedOnly = sql`(${answers.quizSessionId} is null or exists (select 1 from ${quizSessions} where ${quizSessions.id} = ${answers.quizSessionId} and ${quizSessions.savedAt} is not null))`;

/**
 * The same rule for one student's answers, with the saved sessions read through that student's own index entries:
 * under the `or`, PostgreSQL runs `savedOnly`'s subquery as one hash of every saved session of every student, which
 * on a large cohort costs more than the student's answers (issue 22).
 */
export function savedOnlyOf(userId: string | SQLWrapper) {
  return sql`(${answers.quizSessionId} is null or ${answers.quizSessionId} in (select ${quizSessions.id} from ${quizSessions} where ${quizSessions.userId} = ${userId} and ${quizSessions.savedAt} is not null))`;
}
