import { inArray, notInArray, sql } from 'drizzle-orm';
import type { SpecialityEvaluation } from '@galeno/domain/contracts/quiz';
import { MIN_ANSWERS_FOR_PERCENTILE, MIN_PEERS_FOR_PERCENTILE, percentileOf } from '@galeno/domain/peers';
import { accuracyPercent } from '@galeno/domain/scores';
import type { Db } from '../../db/client.ts';
import { runExclusive } from '../../db/exclusive.ts';
import { answers, areaPeerSnapshots } from '../../db/schema/quiz.ts';
import { countedAnswer } from './counted.ts';

/*
 * Percentiles per area (decision 016). One instance at a time rebuilds, per area, the sorted accuracies of active
 * students (enough counted answers, stats/counted.ts); a student's percentile is then read from that list, so a statistics
 * page never scans anyone else's answers and nothing about another student leaves the server but a rank.
 */

/** Rebuilds every area's snapshot; returns how many areas have one, or null when another instance is at it. */
export async function refreshPeerSnapshots(db: Db, now = new Date()): Promise<number | null> {
  const outcome = await runExclusive(db, 'peer-snapshots', async (tx) => {
    const rows = await tx
      .select({
        especialidad: answers.especialidad,
        accuracy: sql<number>`round(100.0 * count(*) filter (where ${answers.correct}) / count(*))::real`.mapWith(Number),
      })
      .from(answers)
      .where(countedAnswer)
      .groupBy(answers.especialidad, answers.userId)
      .having(sql`count(*) >= ${MIN_ANSWERS_FOR_PERCENTILE}`);
    const byArea = new Map<string, number[]>();
    for (const row of rows) byArea.set(row.especialidad, [...(byArea.get(row.especialidad) ?? []), row.accuracy]);
    const areas = [...byArea.keys()];
    for (const [especialidad, accuracies] of byArea) {
      const sorted = accuracies.sort((a, b) => a - b);
      await tx
        .insert(areaPeerSnapshots)
        .values({ especialidad, accuracies: sorted, computedAt: now })
        .onConflictDoUpdate({ target: areaPeerSnapshots.especialidad, set: { accuracies: sorted, computedAt: now } });
    }
    await tx.delete(areaPeerSnapshots).where(areas.length ? notInArray(areaPeerSnapshots.especialidad, areas) : undefined);
    return areas.length;
  });
  return outcome.ran ? outcome.result : null;
}

/** The student's percentile in each area where they are active, among the active students of the snapshot. */
export async function areaPercentiles(db: Db, specialities: readonly SpecialityEvaluation[]) {
  const active = specialities.filter((area) => area.totalSpecialityQuestionsAnswered >= MIN_ANSWERS_FOR_PERCENTILE);
  if (active.length === 0) return [];
  const snapshots = await db
    .select()
    .from(areaPeerSnapshots)
    .where(
      inArray(
        areaPeerSnapshots.especialidad,
        active.map((area) => area.speciality),
      ),
    );
  const byArea = new Map(snapshots.map((snapshot) => [snapshot.especialidad, snapshot.accuracies]));
  return active.flatMap((area) => {
    const peers = byArea.get(area.speciality);
    if (!peers || peers.length < MIN_PEERS_FOR_PERCENTILE) return [];
    const accuracy = accuracyPercent(area.correctAnswers, area.totalSpecialityQuestionsAnswered);
    return [{ speciality: area.speciality, percentile: percentileOf(accuracy, peers), activeStudents: peers.length }];
  });
}

