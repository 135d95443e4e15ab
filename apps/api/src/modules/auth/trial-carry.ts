import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { TRIAL_CARRY_HOURS } from '@galeno/domain/timings';
import type { TrialSummary } from '@galeno/domain/contracts/auth';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { answers, questionOptionCounts, quizSessions, trialAnswers } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { saveQuizEvaluation } from '../sessions/evaluations.ts';

/*
 * A trial's answers follow the student into the account they create from the trial's end sheet on the
 * same device (issue 19): the device cookie finds the trial, and its waiting answers become the new
 * account's first saved session.
 */

/** This device's latest trial (started within TRIAL_CARRY_HOURS) that still has answers waiting. */
async function waitingTrialSession(db: Db, deviceKey: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.deviceKey, deviceKey),
        eq(sessions.isTrial, true),
        gt(sessions.createdAt, new Date(now.getTime() - TRIAL_CARRY_HOURS * 3_600_000)),
        sql`exists (select 1 from ${trialAnswers} where ${trialAnswers.sessionId} = ${sessions.id})`,
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** What the end sheet says: how many questions this device's trial answered, and how many were right. */
export async function trialSummary(db: Db, deviceKey: string | null, now = new Date()): Promise<TrialSummary> {
  const sessionId = deviceKey ? await waitingTrialSession(db, deviceKey, now) : null;
  if (!sessionId) return { answered: 0, correct: 0 };
  const [row] = await db
    .select({ answered: count(), correct: count(sql`case when ${trialAnswers.correct} then 1 end`) })
    .from(trialAnswers)
    .where(eq(trialAnswers.sessionId, sessionId));
  return { answered: row?.answered ?? 0, correct: row?.correct ?? 0 };
}

/**
 * Moves the waiting trial answers of this device into the new account as one saved quick-quiz session
 * (so statistics and the recent sessions show them), adds them to the option counts as the student's first answers, and
 * empties the trial: they are carried once. Runs inside the signup transaction.
 */
export async function carryTrialAnswers(tx: Db, deviceKey: string, user: User, now = new Date()): Promise<number> {
  const sessionId = await waitingTrialSession(tx, deviceKey, now);
  if (!sessionId) return 0;
  const [span] = await tx
    .select({
      answered: count(),
      first: sql<Date>`min(${trialAnswers.answeredAt})`.mapWith(trialAnswers.answeredAt),
      last: sql<Date>`max(${trialAnswers.answeredAt})`.mapWith(trialAnswers.answeredAt),
    })
    .from(trialAnswers)
    .where(eq(trialAnswers.sessionId, sessionId));
  const [session] = await tx
    .insert(quizSessions)
    .values({
      userId: user.id,
      kind: 'quick',
      configuration: { origin: 'trial' },
      startedAt: span?.first ?? now,
      finishedAt: span?.last ?? now,
    })
    .returning({ id: quizSessions.id });
  await tx.execute(sql`insert into ${answers}
      (user_id, question_id, clinical_case_id, quiz_session_id, selected_index, correct, especialidad, sub_especialidad, answered_at, time_ms)
    select ${user.id}, question_id, clinical_case_id, ${session!.id}, selected_index, correct, especialidad, sub_especialidad, answered_at, time_ms
    from ${trialAnswers} where session_id = ${sessionId}`);
  await tx.execute(sql`insert into ${questionOptionCounts} (question_id, option_index, students)
    select question_id, selected_index, count(*)::int from ${trialAnswers} where session_id = ${sessionId} group by question_id, selected_index
    on conflict (question_id, option_index) do update set students = ${questionOptionCounts}.students + excluded.students`);
  await tx.delete(trialAnswers).where(eq(trialAnswers.sessionId, sessionId));
  await saveQuizEvaluation(tx, user, session!.id, now, { by: 'quiz' });
  return span?.answered ?? 0;
}
