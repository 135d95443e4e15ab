import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { HeldItem, HeldItemsResponse } from '@galeno/domain/contracts/content-review';
import type { Db } from '../../db/client.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { AppError } from '../../errors.ts';

export const REVIEW_MESSAGES = {
  notHeld: 'Esta pregunta ya no está en revisión.',
} as const;

const LIST_LIMIT = 100;

/** The held cases and single questions, oldest first, with what a reviewer needs to judge the key. */
export async function listHeldItems(db: Db, limit = LIST_LIMIT): Promise<HeldItemsResponse> {
  const [heldCases] = await db.select({ value: count() }).from(clinicalCases).where(eq(clinicalCases.status, 'held'));
  const [heldSingles] = await db
    .select({ value: count() })
    .from(questions)
    .where(and(eq(questions.status, 'held'), isNull(questions.clinicalCaseId)));
  const cases = await db.select().from(clinicalCases).where(eq(clinicalCases.status, 'held')).orderBy(asc(clinicalCases.createdAt), asc(clinicalCases.id)).limit(limit);
  const caseQuestions = cases.length
    ? await db
        .select()
        .from(questions)
        .where(
          inArray(
            questions.clinicalCaseId,
            cases.map((row) => row.id),
          ),
        )
        .orderBy(asc(questions.position))
    : [];
  const singles = await db
    .select()
    .from(questions)
    .where(and(eq(questions.status, 'held'), isNull(questions.clinicalCaseId)))
    .orderBy(asc(questions.createdAt), asc(questions.id))
    .limit(Math.max(0, limit - cases.length));
  const asQuestion = (row: typeof questions.$inferSelect) => ({ id: row.id, question: row.question, options: row.options.map((option) => option.text), correctIndex: row.correctIndex, explanation: row.explanation });
  const items: HeldItem[] = [
    ...cases.map((row) => ({
      id: row.id,
      kind: 'case' as const,
      bank: row.bank,
      speciality: row.especialidad,
      subSpeciality: row.subEspecialidad,
      caseText: row.caseText,
      questions: caseQuestions.filter((question) => question.clinicalCaseId === row.id).map(asQuestion),
      holdReason: row.holdReason,
      source: row.sourceCitation,
    })),
    ...singles.map((row) => ({
      id: row.id,
      kind: 'question' as const,
      bank: row.bank,
      speciality: row.especialidad,
      subSpeciality: row.subEspecialidad,
      caseText: null,
      questions: [asQuestion(row)],
      holdReason: row.holdReason,
      source: row.sourceCitation,
    })),
  ].filter((item) => item.questions.length > 0);
  return { total: (heldCases?.value ?? 0) + (heldSingles?.value ?? 0), items };
}

/**
 * A reviewer's decision on a held item: published (its key stands) or retired (never served). A case and its
 * questions move together. The decision sticks: reloading the bank never undoes it (decision 013).
 */
export async function resolveHeldItem(db: Db, itemId: string, action: 'publish' | 'retire') {
  const status = action === 'publish' ? ('published' as const) : ('retired' as const);
  return db.transaction(async (tx) => {
    const [clinicalCase] = await tx
      .update(clinicalCases)
      .set({ status, holdReason: null })
      .where(and(eq(clinicalCases.id, itemId), eq(clinicalCases.status, 'held')))
      .returning({ id: clinicalCases.id });
    const updated = await tx
      .update(questions)
      .set({ status, holdReason: null })
      .where(and(eq(questions.status, 'held'), clinicalCase ? eq(questions.clinicalCaseId, itemId) : and(eq(questions.id, itemId), isNull(questions.clinicalCaseId))))
      .returning({ id: questions.id });
    if (!clinicalCase && updated.length === 0) throw new AppError('NOT_HELD', 404, REVIEW_MESSAGES.notHeld);
    return { id: itemId, status };
  });
}

