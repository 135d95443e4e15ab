import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SingleQuestionSchema } from '@galeno/domain/content';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { generateBank } from '../../test/bank.ts';
import { figures } from '../../db/schema/content.ts';
import { questions } from '../../db/schema/quiz.ts';
import { loadContent } from './load.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ALT = 'Electrocardiograma de 12 derivaciones a 25 mm/s y 10 mm/mV, con un trazo largo de DII.';

/** A small bank whose first single question and first case question show an ECG. */
function bankWithFigures() {
  const bank = generateBank({ cases: 1, singles: 2, prefix: 'fig' });
  bank.questions[0]!.figure = { kind: 'ecg', ecg: { rhythm: 'atrial-flutter', conduction: 2, seed: 3 }, alt: ALT };
  bank.questions[0]!.options = ['Flutter auricular', 'Taquicardia sinusal', 'Fibrilación auricular', 'Taquicardia ventricular'];
  bank.questions[0]!.correctIndex = 0;
  bank['clinical-cases'][0]!.questions[0]!.figure = { kind: 'ecg', ecg: { rhythm: 'sinus', rate: 80, injury: 'inferior' }, alt: ALT, caption: 'ECG de ingreso' };
  return bank;
}

describe('figures of the stem (issue 38)', () => {
  it('are drawn once at load, served as inert SVG with a long cache, and reach the question without the spec', async () => {
    const db = t.database.db;
    const bank = bankWithFigures();
    await loadContent(db, bank);
    const [single] = await db.select().from(questions).where(eq(questions.id, bank.questions[0]!.id));
    expect(single!.figure).toMatchObject({ alt: ALT, width: 1040 });
    expect(await db.select({ id: figures.id }).from(figures)).toHaveLength(2);

    const cookies = await sessionCookieFor(db, await createUser(db));
    // Reviewing the flagged question serves it through the same public form as every other screen.
    await t.app.inject({ method: 'PUT', url: `/api/quiz/flags/${bank.questions[0]!.id}`, cookies, payload: { flagged: true } });
    const review = await t.app.inject({ method: 'POST', url: '/api/quiz/review-sessions', cookies, payload: { source: 'marcadas' } });
    expect(review.statusCode, review.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: `/api/quiz/sessions/${review.json().quizSessionId}/questions`, cookies });
    const question = served.json().items[0].question;
    expect(question.figure).toEqual({ url: `/api/content/figures/${single!.figure!.id}`, alt: ALT, width: 1040, height: 520 });
    // The page never learns what the drawing was made from: no rhythm name anywhere in what it gets.
    expect(served.body).not.toContain('flutter');

    const image = await t.app.inject({ method: 'GET', url: question.figure.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(image.body).not.toMatch(/<script|flutter|onload|href=/i);
    expect(image.body.length).toBeLessThan(30_000);

    // A reload with nothing changed rewrites nothing; the case question keeps its caption.
    expect((await loadContent(db, bank)).written).toBe(0);
    const [caseQuestion] = await db.select().from(questions).where(eq(questions.id, bank['clinical-cases'][0]!.questions[0]!.id));
    expect(caseQuestion!.figure).toMatchObject({ caption: 'ECG de ingreso' });
  });

  it('answer a name that is not a figure with a Spanish 404 or 400, never a stack trace', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/content/figures/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorMessage).toBe('Esta figura no existe.');
    const malformed = await t.app.inject({ method: 'GET', url: '/api/content/figures/..%2F..%2Fetc' });
    expect(malformed.statusCode).toBe(400);
  });

  it('refuse in content/ a figure whose alt text names the key, or that has none', () => {
    const item = bankWithFigures().questions[0]!;
    expect(SingleQuestionSchema.safeParse(item).success).toBe(true);
    const naming = { ...item, figure: { ...item.figure!, alt: 'Electrocardiograma con flutter auricular y conducción 2:1 en DII.' } };
    expect(SingleQuestionSchema.safeParse(naming).error?.issues[0]?.message).toMatch(/alt text names the key/);
    const { alt: _alt, ...withoutAlt } = item.figure!;
    expect(SingleQuestionSchema.safeParse({ ...item, figure: withoutAlt }).success).toBe(false);
  });
});
