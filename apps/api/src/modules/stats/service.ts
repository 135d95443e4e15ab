import { and, count, countDistinct, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AccuracyPoint, AreaDetail, Recommendation, StatsSummary } from '@galeno/domain/contracts/stats';
import { mergeCounts, RECOMMENDATIONS_SHOWN, recommendWeakest, sortSpecialityTree } from '@galeno/domain/quiz-evaluation';
import { accuracyPercent, GOOD_THRESHOLD, RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import type { Db } from '../../db/client.ts';
import { mexicoCityDaySql } from '../../db/mexico-city-day.ts';
import { banksOf, type BankChoice } from '@galeno/domain/banks';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import { listQuizEvaluations } from '../quiz/evaluations.ts';
import { savedOnlyOf } from './saved-only.ts';
import { areaPercentiles } from './peers.ts';

const TIMELINE_DAYS = 30;
/** What a question without a topic is listed under. */
const NO_TOPIC = 'Sin tema';

interface TopicRow {
  especialidad: string;
  subEspecialidad: string;
  topic: string | null;
  answered: number;
  correct: number;
  timeMs: number;
  timed: number;
}

interface DayRow {
  especialidad: string;
  subEspecialidad: string;
  day: string;
  answered: number;
  correct: number;
}

/**
 * Everything the statistics page shows, aggregated by the database from the recorded answers in saved sessions:
 * two grouped passes over the student's answers (both on answers_user_time_idx), one for all time per topic and one
 * for the last 30 days per sub-speciality and day, and a count of the sessions they come from. Every other figure
 * (sub-specialities, areas, totals, the page's daily points) is a sum of their rows, so the page's numbers always add
 * up to each other.
 */
export async function statsSummary(db: Db, userId: string, now = new Date(), bank: BankChoice = 'ambos'): Promise<StatsSummary> {
  const correct = sql<number>`cast(count(*) filter (where ${answers.correct}) as int)`;
  // Filtered by bank (decision 013): only the answers to questions of the chosen bank.
  const banks = banksOf(bank);
  const inBank = banks
    ? sql`exists (select 1 from ${questions} where ${questions.id} = ${answers.questionId} and ${inArray(questions.bank, [...banks])})`
    : undefined;
  const savedOnly = savedOnlyOf(userId);
  const counted = and(eq(answers.userId, userId), savedOnly, inBank);

  // All time, per area, sub-speciality and topic: the topic is the question's own (answers keep the area and
  // sub-speciality), and the question's bank filters here through the same join.
  const byTopic: TopicRow[] = await db
    .select({
      especialidad: answers.especialidad,
      subEspecialidad: answers.subEspecialidad,
      topic: questions.tema,
      answered: count(),
      correct,
      // The timed answers' time, summed and counted here so the averages need no second pass over the answers.
      timeMs: sql<number>`cast(coalesce(sum(${answers.timeMs}), 0) as bigint)`.mapWith(Number),
      timed: count(answers.timeMs),
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.userId, userId), savedOnly, banks ? inArray(questions.bank, [...banks]) : undefined))
    .groupBy(answers.especialidad, answers.subEspecialidad, questions.tema);

  const day = mexicoCityDaySql(answers.answeredAt);
  const recent: DayRow[] = await db
    .select({ especialidad: answers.especialidad, subEspecialidad: answers.subEspecialidad, day, answered: count(), correct })
    .from(answers)
    .where(and(counted, gt(answers.answeredAt, new Date(now.getTime() - TIMELINE_DAYS * 86_400_000))))
    .groupBy(answers.especialidad, answers.subEspecialidad, day)
    .orderBy(day);

  // The saved sessions behind the counted answers (in the chosen bank); answers outside any session are none.
  const [sessions] = await db
    .select({ saved: countDistinct(answers.quizSessionId) })
    .from(answers)
    .where(counted);

  const specialities = sortSpecialityTree(mergeCounts(byTopic));
  // The weakest sub-specialities that still have questions the student has not seen, in the chosen bank.
  const recommendations = await withCaseAvailability(
    db,
    await withQuestionsLeft(db, userId, banks, recommendWeakest(specialities, GOOD_THRESHOLD, Infinity), RECOMMENDATIONS_SHOWN),
  );
  const totals = sumOf(byTopic);
  return {
    recentEvaluations: await listQuizEvaluations(db, userId, RECENT_EVALUATIONS_SHOWN),
    specialities,
    accuracyOverTime: dailyPoints(recent),
    recommendations,
    totals: {
      answered: totals.answered,
      correct: totals.correct,
      accuracy: accuracyPercent(totals.correct, totals.answered),
      secondsPerQuestion: secondsPer(totals),
      sessionsSaved: sessions?.saved ?? 0,
    },
    percentiles: await areaPercentiles(db, specialities),
    areaDetails: areaDetailsOf(specialities, byTopic, recent),
  };
}

function sumOf(rows: readonly Omit<TopicRow, 'topic' | 'especialidad' | 'subEspecialidad'>[]) {
  const sum = { answered: 0, correct: 0, timeMs: 0, timed: 0 };
  for (const row of rows) {
    sum.answered += row.answered;
    sum.correct += row.correct;
    sum.timeMs += row.timeMs;
    sum.timed += row.timed;
  }
  return sum;
}

/** Average whole seconds per timed answer; null when none was timed. */
function secondsPer({ timeMs, timed }: { timeMs: number; timed: number }): number | null {
  return timed === 0 ? null : Math.round(timeMs / timed / 1000);
}

/** Rows already in day order, summed per day. */
function dailyPoints(rows: readonly DayRow[]): AccuracyPoint[] {
  const days = new Map<string, { answered: number; correct: number }>();
  for (const row of rows) {
    const point = days.get(row.day) ?? { answered: 0, correct: 0 };
    point.answered += row.answered;
    point.correct += row.correct;
    days.set(row.day, point);
  }
  return [...days].map(([day, { answered, correct }]) => ({ day, answered, correct, accuracy: accuracyPercent(correct, answered) }));
}

/** Rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const subKey = (row: { especialidad: string; subEspecialidad: string }) => `${row.especialidad}\u0000${row.subEspecialidad}`;

/** The areas in the page's order, each with its trend and time per question, and the same per sub-speciality and topic. */
function areaDetailsOf(specialities: StatsSummary['specialities'], byTopic: readonly TopicRow[], recent: readonly DayRow[]): AreaDetail[] {
  const topicsByArea = groupBy(byTopic, (row) => row.especialidad);
  const topicsBySub = groupBy(byTopic, subKey);
  const daysByArea = groupBy(recent, (row) => row.especialidad);
  const daysBySub = groupBy(recent, subKey);
  return specialities.map((area) => ({
    speciality: area.speciality,
    trend: dailyPoints(daysByArea.get(area.speciality) ?? []),
    secondsPerQuestion: secondsPer(sumOf(topicsByArea.get(area.speciality) ?? [])),
    subSpecialities: area.subSpecialities.map((sub) => {
      const key = subKey({ especialidad: area.speciality, subEspecialidad: sub.subSpeciality });
      const rows = topicsBySub.get(key) ?? [];
      return {
        subSpeciality: sub.subSpeciality,
        trend: dailyPoints(daysBySub.get(key) ?? []),
        secondsPerQuestion: secondsPer(sumOf(rows)),
        // A missing and an empty topic are both listed as one "Sin tema".
        topics: [...groupBy(rows, (row) => row.topic || NO_TOPIC)]
          .map(([topic, group]) => {
            const sum = sumOf(group);
            return { topic, answered: sum.answered, correct: sum.correct, secondsPerQuestion: secondsPer(sum) };
          })
          .sort((a, b) => a.correct / a.answered - b.correct / b.answered || b.answered - a.answered),
      };
    }),
  }));
}

/**
 * The first `limit` candidates (weakest first) whose sub-speciality still has a published question the student never
 * answered: one small query per candidate that stops at the first such question, asked only until enough are found.
 */
async function withQuestionsLeft<T extends { speciality: string; subSpeciality: string }>(
  db: Db,
  userId: string,
  banks: readonly string[] | null,
  candidates: readonly T[],
  limit: number,
): Promise<T[]> {
  const kept: T[] = [];
  for (const candidate of candidates) {
    if (kept.length >= limit) break;
    const [unseen] = await db
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.status, 'published'),
          eq(questions.especialidad, candidate.speciality),
          eq(questions.subEspecialidad, candidate.subSpeciality),
          banks ? inArray(questions.bank, [...banks]) : undefined,
          sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${answers.questionId} = ${questions.id})`,
        ),
      )
      .limit(1);
    if (unseen) kept.push(candidate);
  }
  return kept;
}

/**
 * Answers also come from single questions, so a weak sub-speciality may have no clinical cases; the page
 * links to the speciality quiz only for those that have some.
 */
async function withCaseAvailability(db: Db, recommendations: Omit<Recommendation, 'hasCases'>[]): Promise<Recommendation[]> {
  if (recommendations.length === 0) return [];
  const rows = await db
    .selectDistinct({ especialidad: clinicalCases.especialidad, subEspecialidad: clinicalCases.subEspecialidad })
    .from(clinicalCases)
    .where(
      and(
        eq(clinicalCases.status, 'published'),
        inArray(clinicalCases.subEspecialidad, [...new Set(recommendations.map((item) => item.subSpeciality))]),
      ),
    );
  const withCases = new Set(rows.map((row) => `${row.especialidad}/${row.subEspecialidad}`));
  return recommendations.map((item) => ({ ...item, hasCases: withCases.has(`${item.speciality}/${item.subSpeciality}`) }));
}
