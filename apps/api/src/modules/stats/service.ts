import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { StatsSummary } from '@galeno/domain/contracts/stats';
import { recommendWeakest, sortByAccuracy } from '@galeno/domain/quiz-evaluation';
import type { SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import { accuracyPercent, GOOD_THRESHOLD, RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import type { Db } from '../../db/client.ts';
import { answers } from '../../db/schema/quiz.ts';
import { listQuizEvaluations } from '../quiz/service.ts';

const TIMELINE_DAYS = 30;

/** Everything the statistics page shows, aggregated by the database from the recorded answers. */
export async function statsSummary(db: Db, userId: string, now = new Date()): Promise<StatsSummary> {
  const correct = sql<number>`cast(count(*) filter (where ${answers.correct}) as int)`;
  const bySub = await db
    .select({ especialidad: answers.especialidad, subEspecialidad: answers.subEspecialidad, answered: count(), correct })
    .from(answers)
    .where(eq(answers.userId, userId))
    .groupBy(answers.especialidad, answers.subEspecialidad);

  const specialityMap = new Map<string, SpecialityEvaluation>();
  for (const row of bySub) {
    const entry = specialityMap.get(row.especialidad) ?? { speciality: row.especialidad, correctAnswers: 0, totalSpecialityQuestionsAnswered: 0, subSpecialities: [] };
    entry.correctAnswers += row.correct;
    entry.totalSpecialityQuestionsAnswered += row.answered;
    entry.subSpecialities.push({ subSpeciality: row.subEspecialidad, correctAnswers: row.correct, totalSubSpecialityQuestionsAnswered: row.answered });
    specialityMap.set(row.especialidad, entry);
  }
  const specialities = sortByAccuracy([...specialityMap.values()]).map((speciality) => ({
    ...speciality,
    subSpecialities: [...speciality.subSpecialities].sort(
      (a, b) => accuracyPercent(b.correctAnswers, b.totalSubSpecialityQuestionsAnswered) - accuracyPercent(a.correctAnswers, a.totalSubSpecialityQuestionsAnswered),
    ),
  }));

  const day = sql<string>`to_char(${answers.answeredAt} at time zone 'America/Mexico_City', 'YYYY-MM-DD')`;
  const timeline = await db
    .select({ day, answered: count(), correct })
    .from(answers)
    .where(and(eq(answers.userId, userId), gt(answers.answeredAt, new Date(now.getTime() - TIMELINE_DAYS * 86_400_000))))
    .groupBy(day)
    .orderBy(day);

  const answered = bySub.reduce((sum, row) => sum + row.answered, 0);
  const totalCorrect = bySub.reduce((sum, row) => sum + row.correct, 0);
  return {
    recentEvaluations: await listQuizEvaluations(db, userId, RECENT_EVALUATIONS_SHOWN),
    specialities,
    accuracyOverTime: timeline.map((point) => ({ ...point, accuracy: accuracyPercent(point.correct, point.answered) })),
    recommendations: recommendWeakest(specialities, GOOD_THRESHOLD),
    totals: { answered, correct: totalCorrect, accuracy: accuracyPercent(totalCorrect, answered) },
  };
}
