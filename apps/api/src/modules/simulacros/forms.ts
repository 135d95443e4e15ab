import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { OWN_BANKS } from '@galeno/domain/banks';
import { drawForms, seededRandom, SIMULACRO_FORMATS, SIMULACRO_KINDS, type FormUnit, type SimulacroKind } from '@galeno/domain/simulacro';
import type { Db } from '../../db/client.ts';
import { runExclusive } from '../../db/exclusive.ts';
import { simulacroForms } from '../../db/schema/exams.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';

/*
 * Simulacro forms (decision 017): drawn from our own published bank in the exam's area shares and stored, so a
 * form never changes once students take it. A start draws the forms the bank can newly fill (none when nothing
 * changed), never touching the existing ones.
 */

/** Our bank's published cases and single questions, each as one unit with its questions in order. */
export async function formUnits(db: Db): Promise<FormUnit[]> {
  // One row per case (or single question), grouped by the database: a third of the rows to read and parse.
  const unit = sql<string>`coalesce(${questions.clinicalCaseId}, ${questions.id})`;
  const rows = await db
    .select({
      id: unit,
      area: sql<string>`min(${questions.especialidad})`,
      english: sql<boolean>`bool_or(${questions.language} = 'en')`,
      questionIds: sql<string[]>`array_agg(${questions.id} order by ${questions.position}, ${questions.id})`,
    })
    .from(questions)
    .leftJoin(clinicalCases, eq(clinicalCases.id, questions.clinicalCaseId))
    .where(
      and(
        inArray(questions.bank, [...OWN_BANKS]),
        eq(questions.status, 'published'),
        // A case's questions count only while the case itself is served.
        or(isNull(questions.clinicalCaseId), eq(clinicalCases.status, 'published')),
      ),
    )
    .groupBy(unit);
  // A stable order before the shuffle (byte order, not the database's collation), so a seeded draw is the same anywhere.
  return rows
    .map((row) => ({ id: row.id, area: row.area, english: row.english, questionIds: row.questionIds }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Adds the forms of each kind the bank can fill without reusing a unit of an earlier form of that kind, under an
 * exclusive lock so two instances starting together draw once. Returns how many forms were added.
 */
export async function drawSimulacroForms(db: Db, random: () => number = seededRandom(randomInt(2 ** 31))): Promise<number> {
  const outcome = await runExclusive(db, 'simulacro-forms', async (tx) => {
    const units = await formUnits(tx);
    const existing = await tx.select().from(simulacroForms);
    let added = 0;
    for (const kind of SIMULACRO_KINDS) {
      const ofKind = existing.filter((form) => form.kind === kind);
      const used = new Set(ofKind.flatMap((form) => form.unitIds));
      const drawn = drawForms(units, SIMULACRO_FORMATS[kind].questions, random, used);
      if (drawn.length === 0) continue;
      const next = Math.max(0, ...ofKind.map((form) => form.number)) + 1;
      await tx
        .insert(simulacroForms)
        .values(drawn.map((form, index) => ({ id: formId(kind, next + index), kind, number: next + index, ...form })));
      added += drawn.length;
    }
    return added;
  });
  return outcome.ran ? outcome.result : 0;
}

export function formId(kind: SimulacroKind, number: number): string {
  return `${kind}-${number}`;
}
