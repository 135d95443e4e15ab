import { sql } from 'drizzle-orm';
import { answers, quizSessions } from '../../db/schema/quiz.ts';

/**
 * Statistics count what the student saved: an answer given in a quiz session counts once that session is saved
 * ("Guardar y salir", the end of a quiz), never while it is open or after it was abandoned. An answer recorded
 * outside any session (the spec's bare evaluate call) has nothing to save and counts as given.
 */
export const savedOnly = sql`(${answers.quizSessionId} is null or exists (select 1 from ${quizSessions} where ${quizSessions.id} = ${answers.quizSessionId} and ${quizSessions.savedAt} is not null))`;
