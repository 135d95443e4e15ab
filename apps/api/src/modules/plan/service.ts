import { and, count, eq, gte, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { OWN_BANKS } from '@galeno/domain/banks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CutoffTableSchema, type Cutoff, type PlanResponse, type PlanSettings } from '@galeno/domain/contracts/plan';
import { EXAM_DIFFICULTY_MIX, scoreBand, type Difficulty } from '@galeno/domain/score-band';
import { simulacroAttempts } from '../../db/schema/exams.ts';
import { enarmStart, nextEnarmYear } from '@galeno/domain/enarm';
import { endOfDayInMexicoCity, isoDateInMexicoCity } from '@galeno/domain/mexico-city';
import { buildPlan, weekStanding, type Plan } from '@galeno/domain/study-plan';
import type { Db } from '../../db/client.ts';
import { flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import { answers, questions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';

/*
 * The study plan (issue 40): the student's settings, and the plan computed from them and her history on every read,
 * so it is never stale and a missed day does not pile up.
 */

/**
 * content/enarm/cutoffs.json (places and last-selected scores with their sources), read once per content folder; a
 * missing or malformed file shows no figures rather than failing the plan.
 */
const cutoffTables = new Map<string, Cutoff[]>();
export function readCutoffs(contentDir: string): Cutoff[] {
  let table = cutoffTables.get(contentDir);
  if (!table) {
    try {
      table = CutoffTableSchema.parse(JSON.parse(readFileSync(path.join(contentDir, 'enarm', 'cutoffs.json'), 'utf8')));
    } catch {
      table = [];
    }
    cutoffTables.set(contentDir, table);
  }
  return table;
}

/** Her accuracy by difficulty and her finished simulacros: what the score band is estimated from. */
async function standingOf(db: Db, user: User, cutoffs: readonly Cutoff[]): Promise<PlanResponse['standing']> {
  const byLevel = await db
    .select({
      difficulty: questions.dificultad,
      answered: count(),
      correct: sql<number>`count(*) filter (where ${answers.correct})`.mapWith(Number),
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.userId, user.id))
    .groupBy(questions.dificultad);
  const sittings = await db
    .select({ score: simulacroAttempts.score, questions: simulacroAttempts.total })
    .from(simulacroAttempts)
    .where(and(eq(simulacroAttempts.userId, user.id), isNotNull(simulacroAttempts.finishedAt), isNotNull(simulacroAttempts.score)));
  const band = scoreBand(
    byLevel.filter((row): row is typeof row & { difficulty: Difficulty } => row.difficulty in EXAM_DIFFICULTY_MIX),
    sittings.map((sitting) => ({ score: sitting.score ?? 0, questions: sitting.questions ?? 0 })),
  );
  const [account] = await db.select({ speciality: users.speciality }).from(users).where(eq(users.id, user.id)).limit(1);
  return {
    band:
      band.kind === 'too-few'
        ? { kind: 'too-few', answers: band.answers, needed: band.needed, low: 0, high: 0, estimate: 0, fromSimulacros: 0 }
        : { ...band, needed: 0 },
    speciality: account?.speciality ?? null,
    cutoffs: [...cutoffs],
  };
}

/** What the plan is computed from: her settings and her history, in a few counting queries. */
export async function studyPlan(db: Db, user: User, now = new Date(), cutoffs: readonly Cutoff[] = []): Promise<PlanResponse> {
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
  const todayIso = isoDateInMexicoCity(now);
  const weekday = (new Date(`${todayIso}T12:00:00Z`).getUTCDay() + 6) % 7;
  const [thisWeek] = await db
    .select({ value: count() })
    .from(answers)
    .where(and(eq(answers.userId, user.id), gte(answers.answeredAt, new Date(startOfToday.getTime() - weekday * 86_400_000))));
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
    plan: flat(settings ? buildPlan({ today: todayIso, settings, unseenQuestions, areas }) : null),
    week: settings ? weekStanding({ today: todayIso, settings, unseenQuestions, areas, answeredThisWeek: thisWeek?.value ?? 0 }) : null,
    standing: await standingOf(db, user, cutoffs),
    answeredToday: today?.value ?? 0,
    dueCards: due?.value ?? 0,
    unseenQuestions,
  };
}

const NOTHING = { days: [], today: null, focus: [], plannedQuestions: 0, coverage: 0, daysLeft: 0 };

/** The plan in the contract's one flat shape. */
function flat(plan: Plan | null): PlanResponse['plan'] {
  if (!plan) return { kind: 'not-set', ...NOTHING };
  if (plan.kind !== 'plan') return { kind: plan.kind, ...NOTHING };
  // The page shows the next 12 weeks: the rest of the days stay in the totals, not on the wire.
  const horizon = new Date(Date.parse(`${plan.days[0]!.date}T12:00:00Z`) + 84 * 86_400_000).toISOString().slice(0, 10);
  return { ...plan, days: plan.days.filter((day) => day.date < horizon) };
}

/** Saves her settings and answers with the plan they make. */
export async function saveStudyPlan(
  db: Db,
  user: User,
  settings: PlanSettings,
  now = new Date(),
  cutoffs: readonly Cutoff[] = [],
): Promise<PlanResponse> {
  const stored = {
    examDate: settings.examDate,
    hoursByWeekday: [...settings.hoursByWeekday],
    ...(settings.daysOff?.length ? { daysOff: [...new Set(settings.daysOff)].sort() } : {}),
    ...(settings.digest ? { digest: settings.digest } : {}),
  };
  await db.update(users).set({ studyPlan: stored }).where(eq(users.id, user.id));
  return studyPlan(db, user, now, cutoffs);
}
