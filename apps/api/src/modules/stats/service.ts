import { inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { AccuracyPoint, AreaDetail, Recommendation, StatsSummary } from '@galeno/domain/contracts/stats';
import { mergeCounts, RECOMMENDATIONS_SHOWN, recommendWeakest, sortSpecialityTree } from '@galeno/domain/quiz-evaluation';
import { accuracyPercent, GOOD_THRESHOLD, RECENT_EVALUATIONS_SHOWN } from '@galeno/domain/scores';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { mexicoCityDaySql } from '../../db/mexico-city-day.ts';
import { MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';
import { answerDayTotals, answerSessionTotals, answerTopicTotals } from '../../db/schema/stats.ts';
import { banksOf, type BankChoice } from '@galeno/domain/banks';
import type { SavedQuickQuizEvaluation } from '@galeno/domain/contracts/quiz';
import { MIN_ANSWERS_FOR_PERCENTILE, MIN_PEERS_FOR_PERCENTILE, percentileOf } from '@galeno/domain/peers';
import { UNCLASSIFIED_AREA } from '@galeno/domain/taxonomy';
import { answers, areaPeerSnapshots, clinicalCases, questions, quizEvaluations, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { toSavedQuickQuizEvaluation } from '../sessions/evaluations.ts';
import { countedAnswer } from './counted.ts';

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
 * Everything the statistics page shows, from the counted answers (stats/counted.ts): their totals for all time per
 * topic and for the last 30 days per sub-speciality and day, and a count of the sessions they come from, all read
 * from the per-student totals the database keeps as answers are recorded and sessions saved (schema/stats.ts; issue
 * 22: the page re-read every answer, thousands for the busiest students). Every other figure
 * (sub-specialities, areas, totals, the page's daily points) is a sum of their rows, so the page's numbers always add
 * up to each other.
 *
 * Reading never writes (issue 36): a session the student left open is saved by the server's «left-sessions» job
 * (jobs/registry.ts), and its answers count from the moment they were graded. The passes, the session count, the recent
 * evaluations and the peer snapshots of the student's active areas come back from one statement as JSON, and the
 * recommendations from a second (issue 22: the page took about nine round trips).
 */
export async function statsSummary(db: Db, user: User, now = new Date(), bank: BankChoice = 'ambos'): Promise<StatsSummary> {
  const { byTopic, recent, sessionsSaved, evaluations, snapshots } = await readSummary(db, user.id, now, bank);
  // «Sin clasificar» holds the MIR items the classifier could not place: not an area a student studies, so it gets no
  // card, trend, percentile or recommendation (issue 35, N20); its answers still count in the totals and the days.
  const specialities = sortSpecialityTree(mergeCounts(byTopic)).filter((area) => area.speciality !== UNCLASSIFIED_AREA);
  // The weakest sub-specialities that still have questions the student has not seen, in the chosen bank.
  const recommendations = await recommend(
    db,
    user.id,
    banksOf(bank),
    recommendWeakest(specialities, GOOD_THRESHOLD, Infinity),
    RECOMMENDATIONS_SHOWN,
  );
  const totals = sumOf(byTopic);
  return {
    recentEvaluations: evaluations,
    specialities,
    accuracyOverTime: dailyPoints(recent),
    recommendations,
    totals: {
      answered: totals.answered,
      correct: totals.correct,
      accuracy: accuracyPercent(totals.correct, totals.answered),
      secondsPerQuestion: secondsPer(totals),
      sessionsSaved,
    },
    percentiles: percentilesOf(specialities, snapshots),
    areaDetails: areaDetailsOf(specialities, byTopic, recent),
  };
}

interface EvaluationJson {
  id: string;
  quizSessionId: string;
  totalQuestions: number;
  totalCorrect: number;
  averageScore: number;
  specialityEvaluations: (typeof quizEvaluations.$inferSelect)['specialityEvaluations'];
  totalTimeMs: number | null;
  createdAt: string;
  kind: (typeof quizSessions.$inferSelect)['kind'] | null;
}

/** The statistics' reads in one round trip; JSON keys are the rows' fields. Exported for the totals' tests. */
export async function readSummary(db: Db, userId: string, now: Date, bank: BankChoice) {
  // Filtered by bank (decision 013): only the answers to questions of the chosen bank.
  const banks = banksOf(bank);
  const [row] = await preparedSql<SummaryRow>(db, `stats-summary-${banks ? banks.join('-') : 'all'}`, () => summarySql(banks)).execute({
    userId,
    since: new Date(now.getTime() - TIMELINE_DAYS * 86_400_000).toISOString(),
  });
  return {
    byTopic: row!.byTopic.map((topic): TopicRow => ({ ...topic, timeMs: Number(topic.timeMs) })),
    recent: row!.recent,
    sessionsSaved: row!.sessionsSaved ?? 0,
    evaluations: row!.evaluations.map((evaluation): SavedQuickQuizEvaluation =>
      toSavedQuickQuizEvaluation(
        {
          ...evaluation,
          userId,
          createdAt: new Date(evaluation.createdAt),
        },
        evaluation.kind,
      ),
    ),
    snapshots: row!.snapshots,
  };
}

interface SummaryRow {
  byTopic: (Omit<TopicRow, 'timeMs'> & { timeMs: number | string })[];
  recent: DayRow[];
  sessionsSaved: number;
  evaluations: EvaluationJson[];
  snapshots: { especialidad: string; accuracies: number[] }[];
}

/** The statement behind readSummary, for one choice of banks; the student and the times are placeholders. */
function summarySql(banks: readonly string[] | null) {
  const userId = sql.placeholder('userId');
  const since = sql`${sql.placeholder('since')}::timestamptz`;
  const correct = sql`count(*) filter (where ${answers.correct})::int`;
  const inBanks = (column: AnyColumn) => (banks ? sql`and ${inArray(column, [...banks])}` : sql``);
  const inBank = banks
    ? sql`and exists (select 1 from ${questions} where ${questions.id} = ${answers.questionId} and ${inArray(questions.bank, [...banks])})`
    : sql``;
  const counted = sql`${answers.userId} = ${userId} and ${countedAnswer} ${inBank}`;
  const day = mexicoCityDaySql(answers.answeredAt);
  const sinceDay = sql`(${since} at time zone ${sql.raw(`'${MEXICO_CITY_TIME_ZONE}'`)})::date`;
  return sql`
    with by_topic as (
      -- All time, per area, sub-speciality and topic (the question's own), from the student's totals
      -- (schema/stats.ts, kept by the database as answers are recorded and sessions saved; issue 22). The timed
      -- answers' time is summed and counted there too, for the averages.
      select ${answerTopicTotals.especialidad} as "especialidad", ${answerTopicTotals.subEspecialidad} as "subEspecialidad",
        ${answerTopicTotals.tema} as "topic", sum(${answerTopicTotals.answered})::int as "answered",
        sum(${answerTopicTotals.correct})::int as "correct", sum(${answerTopicTotals.timeMs})::bigint as "timeMs",
        sum(${answerTopicTotals.timed})::int as "timed"
      from ${answerTopicTotals}
      where ${answerTopicTotals.userId} = ${userId} ${inBanks(answerTopicTotals.bank)}
      group by 1, 2, 3
    ),
    recent as (
      -- The last 30 days per sub-speciality and day: whole days from the daily totals, and the first day, of which
      -- only the part after \`since\` counts, from its answers.
      select "especialidad", "subEspecialidad", "day", sum("answered")::int as "answered", sum("correct")::int as "correct"
      from (
        select ${answerDayTotals.especialidad} as "especialidad", ${answerDayTotals.subEspecialidad} as "subEspecialidad",
          to_char(${answerDayTotals.day}, 'YYYY-MM-DD') as "day", ${answerDayTotals.answered} as "answered",
          ${answerDayTotals.correct} as "correct"
        from ${answerDayTotals}
        where ${answerDayTotals.userId} = ${userId} and ${answerDayTotals.day} > ${sinceDay} ${inBanks(answerDayTotals.bank)}
        union all
        select ${answers.especialidad}, ${answers.subEspecialidad}, ${day}, count(*)::int, ${correct}
        from ${answers}
        where ${counted} and ${answers.answeredAt} > ${since} and ${answers.answeredAt} < ${since} + interval '1 day'
          and (${answers.answeredAt} at time zone ${sql.raw(`'${MEXICO_CITY_TIME_ZONE}'`)})::date = ${sinceDay}
        group by 1, 2, 3
      ) as days
      group by 1, 2, 3
    ),
    evaluations as (
      select ${quizEvaluations.id} as "id", ${quizEvaluations.quizSessionId} as "quizSessionId",
        ${quizEvaluations.totalQuestions} as "totalQuestions", ${quizEvaluations.totalCorrect} as "totalCorrect",
        ${quizEvaluations.averageScore} as "averageScore", ${quizEvaluations.specialityEvaluations} as "specialityEvaluations",
        ${quizEvaluations.totalTimeMs} as "totalTimeMs", ${quizEvaluations.createdAt} as "createdAt", ${quizSessions.kind} as "kind"
      from ${quizEvaluations} left join ${quizSessions} on ${quizSessions.id} = ${quizEvaluations.quizSessionId}
      where ${quizEvaluations.userId} = ${userId}
      order by ${quizEvaluations.createdAt} desc
      limit ${RECENT_EVALUATIONS_SHOWN}
    )
    select
      (select coalesce(json_agg(by_topic order by "especialidad", "subEspecialidad", "topic"), '[]') from by_topic) as "byTopic",
      (select coalesce(json_agg(recent order by recent."day", "especialidad", "subEspecialidad"), '[]') from recent) as "recent",
      -- The sessions behind the counted answers (in the chosen bank); answers outside any session are none.
      (select count(distinct ${answerSessionTotals.quizSessionId})::int from ${answerSessionTotals}
        where ${answerSessionTotals.userId} = ${userId} ${inBanks(answerSessionTotals.bank)}) as "sessionsSaved",
      (select coalesce(json_agg(evaluations order by evaluations."createdAt" desc), '[]') from evaluations) as "evaluations",
      -- Only the areas where the student is active have a percentile: their snapshots alone are read.
      (select coalesce(json_agg(json_build_object('especialidad', ${areaPeerSnapshots.especialidad}, 'accuracies', ${areaPeerSnapshots.accuracies})), '[]')
        from ${areaPeerSnapshots}
        where ${areaPeerSnapshots.especialidad} in (
          select "especialidad" from by_topic group by "especialidad" having sum("answered") >= ${MIN_ANSWERS_FOR_PERCENTILE}
        )) as "snapshots"
  `;
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
 * answered, each with whether it has clinical cases (answers also come from single questions, so a weak
 * sub-speciality may have none, and the page links to the speciality quiz only for those that have some). The
 * candidates are asked in batches of as many as are still missing, so the database probes no more of them than
 * one small query each would, in one round trip when enough are found at once.
 */
async function recommend(
  db: Db,
  userId: string,
  banks: readonly string[] | null,
  candidates: readonly Omit<Recommendation, 'hasCases'>[],
  limit: number,
): Promise<Recommendation[]> {
  const kept: Recommendation[] = [];
  let next = 0;
  while (kept.length < limit && next < candidates.length) {
    const batch = candidates.slice(next, next + limit - kept.length);
    next += batch.length;
    // Not prepared: a generic plan of this statement probed every candidate's questions far slower (6.9 ms against
    // 1.1 ms planned with the student's values).
    const result = (await db.execute(sql`
      select candidate.position::int as "position", exists (
          select 1 from ${clinicalCases}
          where ${clinicalCases.status} = 'published' and ${clinicalCases.especialidad} = candidate.especialidad
            and ${clinicalCases.subEspecialidad} = candidate.sub_especialidad
        ) as "hasCases"
      from unnest(${sql.param(batch.map((item) => item.speciality))}::text[], ${sql.param(batch.map((item) => item.subSpeciality))}::text[])
        with ordinality as candidate(especialidad, sub_especialidad, position)
      where exists (
        select 1 from ${questions}
        where ${questions.status} = 'published' and ${questions.especialidad} = candidate.especialidad
          and ${questions.subEspecialidad} = candidate.sub_especialidad
          ${banks ? sql`and ${inArray(questions.bank, [...banks])}` : sql``}
          and not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${answers.questionId} = ${questions.id})
      )
    `)) as unknown as { rows: { position: number; hasCases: boolean }[] };
    const rows = result.rows;
    for (const row of [...rows].sort((a, b) => a.position - b.position)) {
      kept.push({ ...batch[row.position - 1]!, hasCases: row.hasCases });
    }
  }
  return kept;
}

/** The student's percentile in each area where they are active, among the active students of the area's snapshot. */
function percentilesOf(specialities: StatsSummary['specialities'], snapshots: readonly { especialidad: string; accuracies: number[] }[]) {
  const byArea = new Map(snapshots.map((snapshot) => [snapshot.especialidad, snapshot.accuracies]));
  return specialities.flatMap((area) => {
    if (area.totalSpecialityQuestionsAnswered < MIN_ANSWERS_FOR_PERCENTILE) return [];
    const peers = byArea.get(area.speciality);
    if (!peers || peers.length < MIN_PEERS_FOR_PERCENTILE) return [];
    const accuracy = accuracyPercent(area.correctAnswers, area.totalSpecialityQuestionsAnswered);
    return [{ speciality: area.speciality, percentile: percentileOf(accuracy, peers), activeStudents: peers.length }];
  });
}
