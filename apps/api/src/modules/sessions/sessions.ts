import { and, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { QUIZ_SESSION_LIFECYCLE, type QuizSessionStatus } from '@galeno/domain/lifecycles';
import type { QuizSession, QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { typedSession } from '@galeno/domain/contracts/session-configuration';
import type { SessionConfigurations } from '@galeno/domain/session-kinds';
import type { Db } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { answers, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';

export type QuizSessionRow = typeof quizSessions.$inferSelect;
/** A stored session with its configuration in its kind's shape: what the engine's rules read. */
export type OwnSession = ReturnType<typeof typedSession<QuizSessionRow>>;

export const SESSION_MESSAGES = {
  notFound: 'Esta sesión de estudio no existe o ya no es tuya. Empieza una nueva desde el inicio.',
  saved: 'Esta sesión de estudio ya se guardó. Empieza una nueva para seguir practicando.',
  finished: 'Esta sesión de estudio ya terminó. Empieza una nueva para seguir practicando.',
} as const;

/** The server opens the session: its id is the server's, never one the browser made up. */
export async function createQuizSession<K extends QuizSessionKind>(
  db: Db,
  user: User | null,
  // A study session may open with nothing to keep; a kind with a list must be given its configuration.
  input: { kind: K } & (Partial<SessionConfigurations[K]> extends SessionConfigurations[K]
    ? { configuration?: SessionConfigurations[K] }
    : { configuration: SessionConfigurations[K] }),
  now = new Date(),
): Promise<QuizSession> {
  // Prepared (issue 22): every quiz starts here.
  const [row] = await prepared(db, 'create-quiz-session', (pdb) =>
    pdb
      .insert(quizSessions)
      .values({
        userId: sql.placeholder('userId'),
        kind: sql.placeholder('kind'),
        configuration: sql.placeholder('configuration'),
        startedAt: sql.placeholder('startedAt'),
      })
      .returning({ id: quizSessions.id, kind: quizSessions.kind, startedAt: quizSessions.startedAt })
      .prepare('create_quiz_session'),
  ).execute({ userId: user?.id ?? null, kind: input.kind, configuration: input.configuration ?? {}, startedAt: now });
  return { quizSessionId: row!.id, kind: row!.kind, startedAt: row!.startedAt.toISOString() };
}

/** The account's own session, or a 404 that says nothing about anyone else's. */
export async function requireOwnSession(db: Db, user: User, quizSessionId: string, { open = false } = {}): Promise<OwnSession> {
  // Prepared: every grading and save reads it first (issue 22: building the query cost more than running it).
  const [session] = await prepared(db, 'own-quiz-session', (pdb) =>
    pdb
      .select()
      .from(quizSessions)
      .where(and(eq(quizSessions.id, sql.placeholder('quizSessionId')), eq(quizSessions.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('own_quiz_session'),
  ).execute({ quizSessionId, userId: user.id });
  return ownSession(session, { open });
}

/** requireOwnSession's checks on a row already read with the account's id in its condition (or none found). */
export function ownSession(session: QuizSessionRow | null | undefined, { open = false } = {}): OwnSession {
  if (!session) throw new AppError('QUIZ_SESSION_NOT_FOUND', 404, SESSION_MESSAGES.notFound);
  if (open && session.savedAt) throw new AppError('QUIZ_SESSION_SAVED', 409, SESSION_MESSAGES.saved);
  // Left through «Salir sin guardar»: nothing more is recorded in it.
  if (open && session.finishedAt) throw new AppError('QUIZ_SESSION_FINISHED', 409, SESSION_MESSAGES.finished);
  return typedSession(session);
}

/**
 * A session's status (QUIZ_SESSION_LIFECYCLE) as a condition on its timestamps, for updates conditional on
 * `from(to)`: open has no `finished_at`, saved has `saved_at`, ended has `finished_at` without `saved_at`.
 */
export function sessionStatusIn(statuses: readonly QuizSessionStatus[]): SQL {
  const conditions = statuses.map((status) =>
    status === 'open'
      ? isNull(quizSessions.finishedAt)
      : status === 'saved'
        ? isNotNull(quizSessions.savedAt)
        : and(isNotNull(quizSessions.finishedAt), isNull(quizSessions.savedAt))!,
  );
  return or(...conditions) ?? sql`false`;
}

/** A session saved without an evaluation (a sitting ended with nothing answered); only an open one moves. */
export async function markSessionSaved(db: Db, quizSessionId: string, now: Date): Promise<void> {
  await db
    .update(quizSessions)
    .set({ savedAt: now, finishedAt: now })
    .where(and(eq(quizSessions.id, quizSessionId), sessionStatusIn(QUIZ_SESSION_LIFECYCLE.from('saved'))));
}

export async function answeredInSession(db: Db, userId: string, quizSessionId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.quizSessionId, quizSessionId)));
  return row?.value ?? 0;
}
