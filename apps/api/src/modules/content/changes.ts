import { and, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { BANK_CHANGE_LABELS, NOTIFIED_CHANGE_KINDS, type BankChangeKind } from '@galeno/domain/bank-changes';
import type { BankChanges, MyBankChanges } from '@galeno/domain/contracts/content-review';
import type { Db } from '../../db/client.ts';
import { bankChanges } from '../../db/schema/content.ts';
import { flashcardEvaluations, flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import { answers, questions } from '../../db/schema/quiz.ts';
import { users, type User } from '../../db/schema/users.ts';

/*
 * «Novedades del banco» (issue 39): the record of what changed in items students may have answered or studied,
 * written where the change happens (the content loader, the staff's report queue) and read by the public page and by
 * each student's home.
 */

type NewChange = { itemKind: 'question' | 'flashcard'; itemId: string; kind: BankChangeKind; reason: string; before?: string | null; after?: string | null };

async function record(db: Db, changes: readonly NewChange[], at: Date) {
  for (let i = 0; i < changes.length; i += 500) await db.insert(bankChanges).values(changes.slice(i, i + 500).map((change) => ({ ...change, at })));
}

type QuestionRowLike = { id: string; contentHash: string; options?: unknown; correctIndex?: unknown; explanation?: unknown; gpcName?: unknown; gpcYear?: unknown };

/**
 * Before a load rewrites changed questions: which of them were served (published) and now have another key, another
 * explanation or another guideline version. A question edited otherwise (its wording) is not news.
 */
export async function recordQuestionChanges(
  db: Db,
  rows: readonly QuestionRowLike[],
  current: Map<string, { contentHash: string | null; status: string }>,
  at: Date,
): Promise<{ itemId: string; reason: string }[]> {
  const changed = rows.filter((row) => {
    const now = current.get(row.id);
    return now && now.status === 'published' && now.contentHash !== row.contentHash;
  });
  if (changed.length === 0) return [];
  const byId = new Map(changed.map((row) => [row.id, row]));
  const old = await db
    .select({ id: questions.id, options: questions.options, correctIndex: questions.correctIndex, explanation: questions.explanation, gpcName: questions.gpcName, gpcYear: questions.gpcYear })
    .from(questions)
    .where(inArray(questions.id, [...byId.keys()]));
  const out: NewChange[] = [];
  for (const before of old) {
    const after = byId.get(before.id)!;
    const options = after.options as { text: string }[];
    const beforeKey = before.options[before.correctIndex]?.text ?? '';
    const afterKey = options[after.correctIndex as number]?.text ?? '';
    if (beforeKey !== afterKey)
      out.push({ itemKind: 'question', itemId: before.id, kind: 'clave', reason: BANK_CHANGE_LABELS.clave, before: beforeKey, after: afterKey });
    else if (before.explanation !== after.explanation) out.push({ itemKind: 'question', itemId: before.id, kind: 'explicacion', reason: BANK_CHANGE_LABELS.explicacion });
    if (after.gpcYear && before.gpcYear !== after.gpcYear)
      out.push({ itemKind: 'question', itemId: before.id, kind: 'guia', reason: `Ahora sigue ${String(after.gpcName)}, versión ${String(after.gpcYear)}` });
  }
  await record(db, out, at);
  return out;
}

/** The latest change of each item, kept on its row for the line under its explanation («Corregida el …: …»). */
export async function markLastChange(db: Db, changes: readonly { itemId: string; reason: string }[], at: Date) {
  const latest = new Map(changes.map((change) => [change.itemId, change.reason]));
  for (const [itemId, reason] of latest) await db.update(questions).set({ lastChange: { at: at.toISOString(), reason } }).where(eq(questions.id, itemId));
}

/**
 * Before a load rewrites changed cards: a card served with another answer now. Its students' schedules start over
 * (what they memorised changed), and they are told.
 */
export async function recordCardChanges(db: Db, rows: readonly { id: string; contentHash: string; answer: string }[], current: Map<string, { contentHash: string | null; status: string }>, at: Date) {
  const changed = rows.filter((row) => {
    const now = current.get(row.id);
    return now && now.status === 'published' && now.contentHash !== row.contentHash;
  });
  if (changed.length === 0) return;
  const byId = new Map(changed.map((row) => [row.id, row]));
  const old = await db.select({ id: flashcards.id, answer: flashcards.answer }).from(flashcards).where(inArray(flashcards.id, [...byId.keys()]));
  const moved = old.filter((before) => before.answer !== byId.get(before.id)!.answer);
  if (moved.length === 0) return;
  await record(
    db,
    moved.map((before) => ({ itemKind: 'flashcard', itemId: before.id, kind: 'clave', reason: 'Cambió la respuesta', before: before.answer, after: byId.get(before.id)!.answer })),
    at,
  );
  await db.delete(flashcardStates).where(inArray(flashcardStates.flashcardId, moved.map((before) => before.id)));
}

/** Items a load retired that students could see until now. */
export async function recordRetired(db: Db, itemKind: 'question' | 'flashcard', ids: readonly string[], at: Date) {
  await record(db, ids.map((itemId) => ({ itemKind, itemId, kind: 'retirada' as const, reason: BANK_CHANGE_LABELS.retirada })), at);
}

/** Items held because their guideline is no longer in force. */
export async function recordHeld(db: Db, ids: readonly string[], at: Date) {
  await record(db, ids.map((itemId) => ({ itemKind: 'question' as const, itemId, kind: 'retenida' as const, reason: BANK_CHANGE_LABELS.retenida })), at);
}

/** Staff resolved the reports on an item as corrected (the correction itself arrives with the next content load). */
export async function recordReportCorrection(db: Db, itemKind: 'question' | 'flashcard', itemId: string, at = new Date()) {
  await record(db, [{ itemKind, itemId, kind: 'reporte', reason: BANK_CHANGE_LABELS.reporte }], at);
  if (itemKind === 'question') await markLastChange(db, [{ itemId, reason: BANK_CHANGE_LABELS.reporte }], at);
}

/** The public page: the latest changes, each with where in the bank it is, never the key. */
export async function publicChanges(db: Db, limit = 100): Promise<BankChanges> {
  const rows = await db
    .select({
      at: bankChanges.at,
      itemKind: bankChanges.itemKind,
      itemId: bankChanges.itemId,
      kind: bankChanges.kind,
      reason: bankChanges.reason,
      especialidad: questions.especialidad,
      subEspecialidad: questions.subEspecialidad,
      tema: questions.tema,
      guideName: sql<string | null>`(select guide_name from clinic_guides where clinic_guides.id = ${flashcards.guideId})`,
    })
    .from(bankChanges)
    .leftJoin(questions, and(eq(bankChanges.itemKind, 'question'), eq(questions.id, bankChanges.itemId)))
    .leftJoin(flashcards, and(eq(bankChanges.itemKind, 'flashcard'), eq(flashcards.id, bankChanges.itemId)))
    .orderBy(desc(bankChanges.at), bankChanges.itemId)
    .limit(limit);
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      itemKind: row.itemKind,
      itemId: row.itemId,
      kind: row.kind,
      reason: row.reason,
      where: row.itemKind === 'question' ? [row.subEspecialidad, row.tema].filter(Boolean).join(' · ') : (row.guideName ?? ''),
    })),
  };
}

/**
 * What changed since she last looked in items she answered or studied: keys that changed (before and after) and
 * items retired. `since` is when she last dismissed the notice, or when she joined.
 */
export async function myChanges(db: Db, user: User): Promise<MyBankChanges> {
  const [account] = await db.select({ seen: users.bankChangesSeenAt, joined: users.createdAt }).from(users).where(eq(users.id, user.id)).limit(1);
  const since = account?.seen ?? account?.joined ?? new Date(0);
  const answered = sql`exists (select 1 from ${answers} where ${answers.userId} = ${user.id} and ${answers.questionId} = ${bankChanges.itemId})`;
  const studied = sql`exists (select 1 from ${flashcardEvaluations} where ${flashcardEvaluations.userId} = ${user.id} and ${flashcardEvaluations.flashcardId} = ${bankChanges.itemId})`;
  const rows = await db
    .select({ at: bankChanges.at, itemKind: bankChanges.itemKind, itemId: bankChanges.itemId, kind: bankChanges.kind, before: bankChanges.before, after: bankChanges.after, question: questions.question, card: flashcards.question })
    .from(bankChanges)
    .leftJoin(questions, and(eq(bankChanges.itemKind, 'question'), eq(questions.id, bankChanges.itemId)))
    .leftJoin(flashcards, and(eq(bankChanges.itemKind, 'flashcard'), eq(flashcards.id, bankChanges.itemId)))
    .where(
      and(
        gt(bankChanges.at, since),
        inArray(bankChanges.kind, [...NOTIFIED_CHANGE_KINDS]),
        or(and(eq(bankChanges.itemKind, 'question'), answered), and(eq(bankChanges.itemKind, 'flashcard'), studied)),
        isNotNull(bankChanges.itemId),
      ),
    )
    .orderBy(desc(bankChanges.at))
    .limit(50);
  return {
    items: rows.map((row) => ({
      at: row.at.toISOString(),
      itemKind: row.itemKind,
      itemId: row.itemId,
      kind: row.kind,
      text: (row.itemKind === 'question' ? row.question : row.card) ?? '',
      before: row.before,
      after: row.after,
    })),
  };
}

/** «Entendido»: the notice goes until something else changes. */
export async function markChangesSeen(db: Db, user: User, now = new Date()) {
  await db.update(users).set({ bankChangesSeenAt: now }).where(eq(users.id, user.id));
}
