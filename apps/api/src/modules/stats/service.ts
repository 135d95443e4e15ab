import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Recommendation, StatsSummary } from '@galeno/domain/contracts/stats';
import { mergeCounts, recommendWeakest, sortSpecialityTree } from '@galeno/domain/quiz-evaluation';
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

  const recommendations = await withCaseAvailability(db, recommendWeakest(specialities, GOOD_THRESHOLD));
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
  };
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
