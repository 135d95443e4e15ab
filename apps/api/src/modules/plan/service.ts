import { and, count, eq, gte, inArray, lte, notExists, sql } from 'drizzle-orm';
import { OWN_BANKS } from '@galeno/domain/banks';
import type { PlanResponse, PlanSettings } from '@galeno/domain/contracts/plan';
import { enarmStart, nextEnarmYear } from '@galeno/domain/enarm';
import { endOfDayInMexicoCity, isoDateInMexicoCity } from '@galeno/domain/mexico-city';
import { buildPlan, type Plan } from '@galeno/domain/study-plan';
import type { Db } from '../../db/client.ts';
import { flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import { answers, questions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';

/*
 * The study plan (issue 40): the student's settings, and the plan computed from them and her history on every read,
 * so it is never stale and a missed day does not pile up.
 */

/** What the plan is computed from: her settings and her history, in four counting queries. */
export async function studyPlan(db: Db, user: User, now = new Date()): Promise<PlanResponse> {
  const [account] = await db.select({ settings: users.studyPlan }).from(users).where(eq(users.id, user.id)).limit(1);
  const settings = account?.settings ?? null;
  const startOfToday = new Date(endOfDayInMexicoCity(now).getTime() + 1 - 86_400_000);
  const [unseen] = await db
    .select({ value: count() })
    .from(questions)
    .where(
      and(
        eq(questions.status, 'published'),
        inArray(questions.bank, [...OWN_BANKS]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(answers)
            .where(and(eq(answers.userId, user.id), eq(answers.questionId, questions.id))),
        ),
      ),
    );
  const [today] = await db
    .select({ value: count() })
    .from(answers)
    .where(and(eq(answers.userId, user.id), gte(answers.answeredAt, startOfToday)));
  const [due] = await db
    .select({ value: count() })
    .from(flashcardStates)
    .innerJoin(flashcards, and(eq(flashcards.id, flashcardStates.flashcardId), eq(flashcards.status, 'published')))
    .where(and(eq(flashcardStates.userId, user.id), lte(flashcardStates.due, now)));
  const areas = await db
    .select({
      area: answers.especialidad,
      answered: count(),
      correct: sql<number>`count(*) filter (where ${answers.correct})`.mapWith(Number),
    })
    .from(answers)
    .where(eq(answers.userId, user.id))
    .groupBy(answers.especialidad);
  const unseenQuestions = unseen?.value ?? 0;
  return {
    settings,
    defaultExamDate: isoDateInMexicoCity(enarmStart(nextEnarmYear(now))),
    plan: flat(settings ? buildPlan({ today: isoDateInMexicoCity(now), settings, unseenQuestions, areas }) : null),
    answeredToday: today?.value ?? 0,
    dueCards: due?.value ?? 0,
    unseenQuestions,
  };
}

const NOTHING = { days: [], today: null, focus: [], plannedQuestions: 0, coverage: 0, daysLeft: 0 };

/** The plan in the contract's one flat shape. */
function flat(plan: Plan | null): PlanResponse['plan'] {
  if (!plan) return { kind: 'not-set', ...NOTHING };
  return plan.kind === 'plan' ? plan : { kind: plan.kind, ...NOTHING };
}

/** Saves her settings and answers with the plan they make. */
export async function saveStudyPlan(db: Db, user: User, settings: PlanSettings, now = new Date()): Promise<PlanResponse> {
  const stored = {
    examDate: settings.examDate,
    hoursByWeekday: [...settings.hoursByWeekday],
    ...(settings.daysOff?.length ? { daysOff: [...new Set(settings.daysOff)].sort() } : {}),
  };
  await db.update(users).set({ studyPlan: stored }).where(eq(users.id, user.id));
  return studyPlan(db, user, now);
}
