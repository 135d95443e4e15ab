import { and, inArray, not, sql } from 'drizzle-orm';
import type { Pack } from '@galeno/domain/contracts/quiz';
import type { Db } from '../../db/client.ts';
import { answers, clinicalCases, questions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { casePool } from '../bank/pool.ts';
import { casesWithKeys } from '../bank/items.ts';
import { caseSealed } from '../sessions/sealed.ts';
import { createQuizSession } from '../sessions/sessions.ts';
import { poolFor } from './banks.ts';

/*
 * Packs for offline study (issue 41): cases of the areas she picks from her bank, the ones she has not answered first,
 * with their keys, so the phone grades them without signal. The pack is a session of its own (kind 'pack', fixed when
 * downloaded): its answers, sent when the signal returns, are recorded in it as answers given online are.
 */

export const PACK_MESSAGES = {
  noCases: 'No hay casos clínicos para descargar en las áreas que elegiste. Elige otras áreas.',
} as const;

export async function createPack(db: Db, user: User, input: { areas: string[]; cases: number }, now = new Date()): Promise<Pack> {
  const answeredByMe = sql`exists (select 1 from ${answers} where ${answers.userId} = ${user.id} and ${answers.clinicalCaseId} = ${clinicalCases.id})`;
  // A figure is drawn by the server and served from it: the packs carry text only.
  const withFigure = sql`exists (select 1 from ${questions} where ${questions.clinicalCaseId} = ${clinicalCases.id} and ${questions.figure} is not null)`;
  const drawn = await db
    .select({ id: clinicalCases.id })
    .from(clinicalCases)
    .where(
      and(
        casePool(poolFor(user)),
        // Never an item of her open simulacro or exam: its keys stay sealed until she finishes it.
        not(caseSealed(user.id, clinicalCases.id)),
        input.areas.length ? inArray(clinicalCases.especialidad, input.areas) : undefined,
        not(withFigure),
      ),
    )
    .orderBy(sql`${answeredByMe} asc`, sql`random()`)
    .limit(input.cases);
  const cases = await casesWithKeys(
    db,
    drawn.map((row) => row.id),
  );
  if (cases.length === 0) throw new AppError('NO_CASES', 404, PACK_MESSAGES.noCases);
  const questionIds = cases.flatMap((entry) => entry.clinicCase.questions.map((question) => question.id));
  const session = await createQuizSession(db, user, { kind: 'pack', configuration: { questionIds, areas: input.areas } }, now);
  return { quizSessionId: session.quizSessionId, createdAt: now.toISOString(), areas: input.areas, cases };
}
