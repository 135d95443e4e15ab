import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank } from '../../test/bank.ts';
import { flashcardStates } from '../../db/schema/flashcards.ts';
import { clinicalCases, questions } from '../../db/schema/quiz.ts';
import { loadContent } from './load.ts';

let t: TestApp;
let staff: { galeno_session: string };
beforeAll(async () => {
  t = await createTestApp({ STAFF_EMAILS: 'staff@galeno.mx' });
  staff = await sessionCookieFor(t.database.db, await createUser(t.database.db, { email: 'staff@galeno.mx' }));
});
afterAll(async () => {
  await t?.close();
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('«Novedades del banco» (issue 39)', () => {
  it('records what changed in the bank, shows it in public without keys, and tells each student once about what she answered', async () => {
    const db = t.database.db;
    const bank = generateBank({ cases: 2, singles: 3, guides: 1, cardsPerGuide: 3, prefix: 'nov' });
    await loadContent(db, bank);
    const student = await createUser(db);
    const cookies = await sessionCookieFor(db, student);
    const other = await sessionCookieFor(db, await createUser(db));
    const inject = (method: 'GET' | 'POST', url: string, as: typeof cookies | undefined, payload?: object) =>
      t.app.inject({ method, url, ...(as ? { cookies: as } : {}), ...(payload ? { payload } : {}) });
    const [first, second, third] = bank.questions;
    // The student answers two single questions and studies a card; the other student answers nothing.
    for (const item of [first!, second!]) expect((await inject('POST', '/api/quiz/evaluate/question', cookies, { questionId: item.id, selectedOption: 0 })).statusCode).toBe(200);
    const card = bank.guides[0]!.flashcards[0]!;
    expect(
      (await inject('POST', '/api/ankis/flashcards/evaluate', cookies, { evaluation: { flashcardId: card.id, flashcardGuideId: bank.guides[0]!.id, correct: true, timeTakenInSeconds: 4 } })).statusCode,
    ).toBe(200);
    expect(await db.select().from(flashcardStates).where(eq(flashcardStates.flashcardId, card.id))).toHaveLength(1);
    expect((await inject('GET', '/api/content/changes', undefined)).json()).toEqual({ items: [] });

    // A content edit: the first question's key moves, the second's explanation is corrected, the third leaves the
    // bank, the card's answer changes; a staff member resolves a report on the first as corrected.
    const edited = clone(bank);
    const [a, b] = edited.questions;
    const oldKey = a!.options[a!.correctIndex]!;
    a!.correctIndex = (a!.correctIndex + 1) % 4;
    const newKey = a!.options[a!.correctIndex]!;
    b!.explanation = `${b!.explanation} Se aclara la dosis.`;
    edited.questions = edited.questions.filter((item) => item.id !== third!.id);
    edited.guides[0]!.flashcards[0]!.answer = 'Una respuesta corregida';
    await loadContent(db, edited);
    await inject('POST', '/api/reports', cookies, { itemKind: 'question', itemId: first!.id, reason: 'respuesta-incorrecta', detail: '' });
    expect((await inject('POST', `/api/reports/question/${first!.id}/resolve`, staff, { resolution: 'corregido' })).statusCode).toBe(200);

    const published = (await inject('GET', '/api/content/changes', undefined)).json();
    expect(published.items.map((item: { itemId: string; kind: string }) => `${item.itemId}:${item.kind}`).sort()).toEqual(
      [`${first!.id}:clave`, `${first!.id}:reporte`, `${second!.id}:explicacion`, `${third!.id}:retirada`, `${card.id}:clave`].sort(),
    );
    // In public: where in the bank and why, never the key.
    expect(JSON.stringify(published)).not.toContain(newKey);
    expect(published.items.find((item: { kind: string }) => item.kind === 'retirada').where).toBe(`${third!.tags.subEspecialidad} · ${third!.tags.tema}`);

    // The student who answered the first question and studied the card is told, with the key before and after; the
    // card's schedule starts over. The retired third question was never hers.
    const mine = (await inject('GET', '/api/content/changes/mine', cookies)).json();
    expect(mine.items.map((item: { itemId: string }) => item.itemId).sort()).toEqual([first!.id, card.id].sort());
    expect(mine.items.find((item: { itemId: string }) => item.itemId === first!.id)).toMatchObject({ kind: 'clave', before: oldKey, after: newKey, text: first!.question });
    expect(await db.select().from(flashcardStates).where(and(eq(flashcardStates.flashcardId, card.id), eq(flashcardStates.userId, student.id)))).toHaveLength(0);
    expect((await inject('GET', '/api/content/changes/mine', other)).json()).toEqual({ items: [] });
    // «Entendido»: told once.
    expect((await inject('POST', '/api/content/changes/mine/seen', cookies)).json()).toEqual({ success: true });
    expect((await inject('GET', '/api/content/changes/mine', cookies)).json()).toEqual({ items: [] });
    expect((await inject('GET', '/api/content/changes/mine', undefined)).statusCode).toBe(401);

    // A reload with nothing changed records nothing more; a wording edit is no news, and keeps the last correction.
    await loadContent(db, edited);
    expect((await inject('GET', '/api/content/changes', undefined)).json().items).toHaveLength(5);
    edited.questions[0]!.question = `${edited.questions[0]!.question} (redacción revisada)`;
    await loadContent(db, edited);
    expect((await inject('GET', '/api/content/changes', undefined)).json().items).toHaveLength(5);
    // The item says it was corrected, under its explanation, once graded.
    const graded = (await inject('POST', '/api/quiz/evaluate/question', other, { questionId: first!.id, selectedOption: 0 })).json();
    expect(graded.lastChange).toMatchObject({ reason: 'Corregida tras un reporte' });
  });

  it('holds from every pool the items whose guideline is no longer in force, tells who answered them, and serves them again once rewritten', async () => {
    const db = t.database.db;
    const bank = generateBank({ cases: 1, singles: 2, prefix: 'ret' });
    await loadContent(db, bank);
    const student = await createUser(db);
    const cookies = await sessionCookieFor(db, student);
    const [held, kept] = bank.questions;
    expect((await t.app.inject({ method: 'POST', url: '/api/quiz/evaluate/question', cookies, payload: { questionId: held!.id, selectedOption: 0 } })).statusCode).toBe(200);

    // The registry marks the guideline the first question and the case follow as superseded.
    await loadContent(db, bank, { superseded: [held!.id, bank['clinical-cases'][0]!.id] });
    const statuses = Object.fromEntries((await db.select({ id: questions.id, status: questions.status }).from(questions).where(inArray(questions.id, [held!.id, kept!.id, ...bank['clinical-cases'][0]!.questions.map((q) => q.id)]))).map((row) => [row.id, row.status]));
    expect(statuses).toEqual({ [held!.id]: 'held', [kept!.id]: 'published', [`${bank['clinical-cases'][0]!.id}-q1`]: 'held', [`${bank['clinical-cases'][0]!.id}-q2`]: 'held' });
    const [caseRow] = await db.select({ status: clinicalCases.status }).from(clinicalCases).where(eq(clinicalCases.id, bank['clinical-cases'][0]!.id));
    expect(caseRow!.status).toBe('held');
    const published = (await t.app.inject({ method: 'GET', url: '/api/content/changes' })).json();
    expect(published.items.filter((item: { kind: string }) => item.kind === 'retenida').map((item: { itemId: string }) => item.itemId).sort()).toEqual(
      [held!.id, `${bank['clinical-cases'][0]!.id}-q1`, `${bank['clinical-cases'][0]!.id}-q2`].sort(),
    );
    const mine = (await t.app.inject({ method: 'GET', url: '/api/content/changes/mine', cookies })).json();
    expect(mine.items).toMatchObject([{ itemId: held!.id, kind: 'retenida' }]);

    // Rewritten to follow the guideline in force: served again, and a reload holds nothing new.
    await loadContent(db, bank);
    const [again] = await db.select({ status: questions.status }).from(questions).where(eq(questions.id, held!.id));
    expect(again!.status).toBe('published');
    const [caseAgain] = await db.select({ status: clinicalCases.status }).from(clinicalCases).where(eq(clinicalCases.id, bank['clinical-cases'][0]!.id));
    expect(caseAgain!.status).toBe('published');
  });
});
