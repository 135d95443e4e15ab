import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AreaDetail, Recommendation, StatsSummary } from '@galeno/domain/contracts/stats';
import { mergeCounts, RECOMMENDATIONS_SHOWN, recommendWeakest, sortSpecialityTree } from '@galeno/domain/quiz-evaluation';
import { accuracyPercent, GOOD_THRESHOLD, RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import type { Db } from '../../db/client.ts';
import { mexicoCityDaySql } from '../../db/mexico-city-day.ts';
import { banksOf, type BankChoice } from '@galeno/domain/banks';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import { listQuizEvaluations } from '../quiz/evaluations.ts';
import { savedOnly } from './saved-only.ts';
import { areaPercentiles } from './peers.ts';

const TIMELINE_DAYS = 30;

/** Everything the statistics page shows, aggregated by the database from the recorded answers. */
export async function statsSummary(db: Db, userId: string, now = new Date(), bank: BankChoice = 'ambos'): Promise<StatsSummary> {
  const correct = sql<number>`cast(count(*) filter (where ${answers.correct}) as int)`;
  // Filtered by bank (decision 013): only the answers to questions of the chosen bank.
  const banks = banksOf(bank);
  const inBank = banks
    ? sql`exists (select 1 from ${questions} where ${questions.id} = ${answers.questionId} and ${inArray(questions.bank, [...banks])})`
    : undefined;
  const counted = and(eq(answers.userId, userId), savedOnly, inBank);
  const bySub = await db
    .select({
      especialidad: answers.especialidad,
      subEspecialidad: answers.subEspecialidad,
      answered: count(),
      correct,
      // The timed answers' time, summed and counted here so the average needs no second pass over the answers.
      timeMs: sql<number>`cast(coalesce(sum(${answers.timeMs}), 0) as bigint)`.mapWith(Number),
      timed: count(answers.timeMs),
    })
    .from(answers)
    .where(counted)
    .groupBy(answers.especialidad, answers.subEspecialidad);

  const specialities = sortSpecialityTree(mergeCounts(bySub));

  const day = mexicoCityDaySql(answers.answeredAt);
  const timeline = await db
    .select({ day, answered: count(), correct })
    .from(answers)
    .where(and(counted, gt(answers.answeredAt, new Date(now.getTime() - TIMELINE_DAYS * 86_400_000))))
    .groupBy(day)
    .orderBy(day);

  // Per area, sub-speciality and topic: the topic is the question's own (answers keep the area and sub-speciality).
  const byTopic = await db
    .select({
      especialidad: answers.especialidad,
      subEspecialidad: answers.subEspecialidad,
      topic: questions.tema,
      answered: count(),
      correct,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(counted)
    .groupBy(answers.especialidad, answers.subEspecialidad, questions.tema);
  const areaTimeline = await db
    .select({ especialidad: answers.especialidad, day, answered: count(), correct })
    .from(answers)
    .where(and(counted, gt(answers.answeredAt, new Date(now.getTime() - TIMELINE_DAYS * 86_400_000))))
    .groupBy(answers.especialidad, day)
    .orderBy(day);

  // The weakest sub-specialities that still have questions the student has not seen, in the chosen bank.
  const recommendations = await withCaseAvailability(
    db,
    await withQuestionsLeft(db, userId, banks, recommendWeakest(specialities, GOOD_THRESHOLD, Infinity), RECOMMENDATIONS_SHOWN),
  );
  const answered = bySub.reduce((sum, row) => sum + row.answered, 0);
  const timed = bySub.reduce((sum, row) => sum + row.timed, 0);
  const totalCorrect = bySub.reduce((sum, row) => sum + row.correct, 0);
  return {
    recentEvaluations: await listQuizEvaluations(db, userId, RECENT_EVALUATIONS_SHOWN),
    specialities,
    accuracyOverTime: timeline.map((point) => ({ ...point, accuracy: accuracyPercent(point.correct, point.answered) })),
    recommendations,
    totals: {
      answered,
      correct: totalCorrect,
      accuracy: accuracyPercent(totalCorrect, answered),
      secondsPerQuestion: timed === 0 ? null : Math.round(bySub.reduce((sum, row) => sum + row.timeMs, 0) / timed / 1000),
    },
    percentiles: await areaPercentiles(db, specialities),
    areaDetails: areaDetailsOf(specialities, bySub, byTopic, areaTimeline),
  };
}

const secondsPer = (timeMs: number, timed: number) => (timed === 0 ? null : Math.round(timeMs / timed / 1000));

/** The areas in the page's order, each with its trend, its time per question and its sub-specialities' topics. */
function areaDetailsOf(
  specialities: StatsSummary['specialities'],
  bySub: readonly { especialidad: string; subEspecialidad: string; timeMs: number; timed: number }[],
  byTopic: readonly { especialidad: string; subEspecialidad: string; topic: string | null; answered: number; correct: number }[],
  timeline: readonly { especialidad: string; day: string; answered: number; correct: number }[],
): AreaDetail[] {
  return specialities.map((area) => {
    const subs = bySub.filter((row) => row.especialidad === area.speciality);
    return {
      speciality: area.speciality,
      trend: timeline
        .filter((point) => point.especialidad === area.speciality)
        .map(({ day, answered, correct }) => ({ day, answered, correct, accuracy: accuracyPercent(correct, answered) })),
      secondsPerQuestion: secondsPer(
        subs.reduce((sum, row) => sum + row.timeMs, 0),
        subs.reduce((sum, row) => sum + row.timed, 0),
      ),
      subSpecialities: area.subSpecialities.map((sub) => {
        const row = subs.find((each) => each.subEspecialidad === sub.subSpeciality);
        return {
          subSpeciality: sub.subSpeciality,
          secondsPerQuestion: row ? secondsPer(row.timeMs, row.timed) : null,
          topics: byTopic
            .filter((topic) => topic.especialidad === area.speciality && topic.subEspecialidad === sub.subSpeciality)
            .map((topic) => ({ topic: topic.topic || 'Sin tema', answered: topic.answered, correct: topic.correct }))
            .sort((a, b) => a.correct / a.answered - b.correct / b.answered || b.answered - a.answered),
        };
      }),
    };
  });
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
