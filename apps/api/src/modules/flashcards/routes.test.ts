import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { upsertGuides } from '../content/load.ts';
import { flashcardEvaluations, flashcards, flashcardStates } from '../../db/schema/flashcards.ts';
import type { User } from '../../db/schema/users.ts';
import { endOfDayInMexicoCity as endOfTodayInMexico } from '@galeno/domain/mexico-city';
import { freeHoursHold } from '@galeno/domain/membership';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
let student: User;
let cookies: { galeno_session: string };

const guide = (id: string, cards: number, category = 'Medicina Interna') => ({
  id,
  guideName: `Guía ${id}`,
  category,
  yearOfUpdate: 2021,
  gpcCode: id === 'gpc-a' ? 'IMSS-047-08' : undefined,
  // As the reader of content/ fills it from a registry entry checked against its source.
  guidelineCheckedAt: id === 'gpc-a' ? '2026-11' : undefined,
  flashcards: Array.from({ length: cards }, (_, i) => ({
    id: `${id}-${i + 1}`,
    question: `¿Pregunta ${i + 1} de ${id}?`,
    answer: `Respuesta ${i + 1}`,
    explanation: `Explicación ${i + 1}`,
  })),
});

beforeAll(async () => {
  t = await createTestApp();
  await upsertGuides(t.database.db, [guide('gpc-a', 5), guide('gpc-b', 3, 'Cirugía')]);
  student = await createUser(t.database.db);
  cookies = await sessionCookieFor(t.database.db, student);
});
afterAll(async () => {
  await t?.close();
});

/** Time passes for a student: every card of theirs falls due `minutes` earlier. */
const later = (user: User, minutes: number) =>
  t.database.db
    .update(flashcardStates)
    .set({ due: sql`${flashcardStates.due} - make_interval(mins => ${minutes})` })
    .where(eq(flashcardStates.userId, user.id));

const get = (url: string, as = cookies) => t.app.inject({ method: 'GET', url: `/api/ankis${url}`, cookies: as });
const evaluate = (flashcardId: string, correct: boolean, as = cookies, flashcardGuideId = flashcardId.replace(/-\d+$/, '')) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ankis/flashcards/evaluate',
    cookies: as,
    payload: { evaluation: { flashcardId, flashcardGuideId, correct, timeTakenInSeconds: 7 } },
  });

describe('evaluations', () => {
  it('move the card due date per FSRS: incorrect is due sooner than correct', async () => {
    const right = await evaluate('gpc-a-1', true);
    const wrong = await evaluate('gpc-a-2', false);
    expect(right.statusCode).toBe(200);
    expect(right.json().evaluation).toMatchObject({
      flashcardId: 'gpc-a-1',
      correct: true,
      timeTakenInSeconds: 7,
      userId: student.id,
      flashcardGuideId: 'gpc-a',
    });
    const rightDue = Date.parse(right.json().nextDue);
    const wrongDue = Date.parse(wrong.json().nextDue);
    expect(wrongDue).toBeLessThan(rightDue);
    expect(wrongDue - Date.now()).toBeLessThan(15 * 60_000);

    // A second correct answer before the card is due (a second tab, a restart) does not push it further out.
    const again = await evaluate('gpc-a-1', true);
    expect(Date.parse(again.json().nextDue)).toBe(rightDue);
    const [state] = await t.database.db
      .select()
      .from(flashcardStates)
      .where(and(eq(flashcardStates.userId, student.id), eq(flashcardStates.flashcardId, 'gpc-a-1')));
    expect(state!.card.reps).toBe(1);
  });

  it('take one of four grades, keep the spec\'s correct beside it, and schedule "Fácil" furthest', async () => {
    const cookiesB = await sessionCookieFor(t.database.db, await createUser(t.database.db));
    const grade = (flashcardId: string, value: string, correct: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ankis/flashcards/evaluate',
        cookies: cookiesB,
        payload: { evaluation: { flashcardId, flashcardGuideId: 'gpc-a', correct, grade: value, timeTakenInSeconds: 4 } },
      });
    const dues: Record<string, number> = {};
    for (const [card, value] of [
      ['gpc-a-1', 'again'],
      ['gpc-a-2', 'hard'],
      ['gpc-a-3', 'good'],
      ['gpc-a-4', 'easy'],
    ] as const) {
      const response = await grade(card, value, value !== 'again');
      expect(response.statusCode).toBe(200);
      expect(response.json().evaluation).toMatchObject({ grade: value, correct: value !== 'again' });
      dues[value] = Date.parse(response.json().nextDue);
    }
    expect(dues.again!).toBeLessThanOrEqual(dues.hard!);
    expect(dues.hard!).toBeLessThanOrEqual(dues.good!);
    expect(dues.easy! - Date.now()).toBeGreaterThan(86_400_000);
    // A grade that contradicts `correct` is refused in Spanish.
    const contradiction = await grade('gpc-a-1', 'easy', false);
    expect(contradiction.statusCode).toBe(400);
    expect(contradiction.json().errorMessage).toMatch(/Otra vez/);
  });

  it('are listed by guide and by user, newest first', async () => {
    const byGuide = (await get('/flashcards/evaluations/by-guide/gpc-a')).json();
    expect(byGuide.map((e: { flashcardId: string }) => e.flashcardId)).toEqual(['gpc-a-1', 'gpc-a-2', 'gpc-a-1']);
    expect((await get('/flashcards/evaluations/by-user')).json()).toHaveLength(3);
  });

  it('refuse a card of another guide, an unknown card and a bad body', async () => {
    expect((await evaluate('gpc-a-3', true, cookies, 'gpc-b')).statusCode).toBe(400);
    expect((await evaluate('no-existe-1', true)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ankis/flashcards/evaluate',
      cookies,
      payload: { evaluation: { flashcardId: 'gpc-a-1', correct: 'sí' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorMessage).toBeTruthy();
  });

  it('of one card at once both count, one after the other, on a new card and on a scheduled one', async () => {
    const other = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, other);
    for (let round = 0; round < 2; round++) {
      const both = await Promise.all([evaluate('gpc-b-1', true, as), evaluate('gpc-b-1', false, as)]);
      expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    }
    // Each one moved the schedule the one before it left: only the first found the card new.
    const undone = await t.database.db
      .select({ undo: flashcardEvaluations.undo })
      .from(flashcardEvaluations)
      .where(eq(flashcardEvaluations.userId, other.id));
    expect(undone).toHaveLength(4);
    expect(undone.filter((row) => row.undo?.previous === null)).toHaveLength(1);
  });
});

describe('grades given offline (issue 41)', () => {
  const offlineGrade = (as: { galeno_session: string }, evaluation: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ankis/flashcards/evaluate',
      cookies: as,
      payload: { evaluation: { flashcardGuideId: 'gpc-a', correct: true, grade: 'good', timeTakenInSeconds: 5, ...evaluation } },
    });
  const evaluationsOf = (user: User) =>
    t.database.db.select().from(flashcardEvaluations).where(eq(flashcardEvaluations.userId, user.id));
  const stateOf = async (user: User, flashcardId: string) =>
    (
      await t.database.db
        .select()
        .from(flashcardStates)
        .where(and(eq(flashcardStates.userId, user.id), eq(flashcardStates.flashcardId, flashcardId)))
    )[0];

  it('are recorded once under their device key, however many times they are sent, at once or one after the other', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const clientKey = crypto.randomUUID();
    const gradedAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const first = await offlineGrade(as, { flashcardId: 'gpc-a-1', clientKey, gradedAt });
    expect(first.statusCode).toBe(200);
    const again = await offlineGrade(as, { flashcardId: 'gpc-a-1', clientKey, gradedAt });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const clientKey2 = crypto.randomUUID();
    const together = await Promise.all([1, 2, 3].map(() => offlineGrade(as, { flashcardId: 'gpc-a-2', clientKey: clientKey2, gradedAt })));
    expect(together.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(together.map((response) => response.json().evaluation.id)).size).toBe(1);
    expect(await evaluationsOf(user)).toHaveLength(2);
    // Another student's key is hers alone: the same key from someone else is a grade of theirs.
    const other = await createUser(t.database.db);
    const otherResponse = await offlineGrade(await sessionCookieFor(t.database.db, other), { flashcardId: 'gpc-a-1', clientKey, gradedAt });
    expect(otherResponse.statusCode).toBe(200);
    expect(otherResponse.json().evaluation.id).not.toBe(first.json().evaluation.id);
  });

  it('move the schedule from when they were given, and count at that time', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const gradedAt = new Date(Date.now() - 2 * 86_400_000);
    const response = await offlineGrade(as, { flashcardId: 'gpc-a-3', clientKey: crypto.randomUUID(), gradedAt: gradedAt.toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json().evaluation.createdAt).toBe(gradedAt.toISOString());
    const state = await stateOf(user, 'gpc-a-3');
    expect(state?.introducedAt?.toISOString()).toBe(gradedAt.toISOString());
    // The same grade given now would fall due later than one given two days ago.
    const now = await offlineGrade(as, { flashcardId: 'gpc-a-4', clientKey: crypto.randomUUID() });
    expect(Date.parse(now.json().nextDue) - Date.parse(response.json().nextDue)).toBeGreaterThan(86_400_000);
  });

  it('leave the schedule to a later grade of the same card on another device, and still count', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    // The phone in the basement graded it «Otra vez» an hour ago; the laptop graded it «Fácil» a minute ago.
    const laptop = await offlineGrade(as, { flashcardId: 'gpc-a-5', grade: 'easy', clientKey: crypto.randomUUID() });
    expect(laptop.statusCode).toBe(200);
    const phone = await offlineGrade(as, {
      flashcardId: 'gpc-a-5',
      grade: 'again',
      correct: false,
      clientKey: crypto.randomUUID(),
      gradedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().nextDue).toBe(laptop.json().nextDue);
    expect((await stateOf(user, 'gpc-a-5'))?.due.toISOString()).toBe(laptop.json().nextDue);
    expect((await evaluationsOf(user)).map((row) => row.grade).sort()).toEqual(['again', 'easy']);
  });

  it('are refused in Spanish from the future or from more than 30 days ago, and with a key that is not one', async () => {
    const future = await offlineGrade(cookies, { flashcardId: 'gpc-a-1', gradedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'GRADED_AT_OUT_OF_RANGE', errorMessage: expect.stringMatching(/futuro/) });
    const old = await offlineGrade(cookies, { flashcardId: 'gpc-a-1', gradedAt: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    expect(old.statusCode).toBe(400);
    expect(old.json().errorMessage).toMatch(/30 días/);
    expect((await offlineGrade(cookies, { flashcardId: 'gpc-a-1', clientKey: 'clave' })).statusCode).toBe(400);
    // A phone a minute ahead of the server is no reason to lose the grade.
    const ahead = await offlineGrade(cookies, { flashcardId: 'gpc-a-2', gradedAt: new Date(Date.now() + 60_000).toISOString() });
    expect(ahead.statusCode).toBe(200);
  });
});

describe('the guide list', () => {
  it('counts per guide, for this user only, what is due now, the new cards a session brings today, the learned ones and when the next falls due', async () => {
    // Right after grading, nothing is due: the list says when the next card comes back, not "due today".
    const justGraded = (await get('/clinic-guides')).json().find((g: { id: string }) => g.id === 'gpc-a');
    expect(justGraded).toMatchObject({ dueToday: 0, newCards: 3, newToday: 3, learned: 0 });
    expect(Date.parse(justGraded.nextDueAt) - Date.now()).toBeLessThan(15 * 60_000);

    await later(student, 60);
    const guides = (await get('/clinic-guides')).json();
    const a = guides.find((g: { id: string }) => g.id === 'gpc-a');
    const b = guides.find((g: { id: string }) => g.id === 'gpc-b');
    // gpc-a-2 ("Otra vez") and gpc-a-1 ("Bien" once, in its learning step) are both due an hour later.
    expect(a).toMatchObject({
      flashcardsCount: 5,
      newCards: 3,
      newToday: 3,
      dueToday: 2,
      learned: 0,
      nextDueAt: null,
      guideName: 'Guía gpc-a',
      category: 'Medicina Interna',
      yearOfUpdate: 2021,
      gpcCode: 'IMSS-047-08',
    });
    // Progress counts learned cards (graduated from the learning steps): none yet.
    expect(a.progress).toBe(0);
    expect(b).toMatchObject({ flashcardsCount: 3, newCards: 3, dueToday: 0, progress: 0, nextDueAt: null });

    const other = await createUser(t.database.db);
    const otherGuides = (await get('/clinic-guides', await sessionCookieFor(t.database.db, other))).json();
    expect(otherGuides.find((g: { id: string }) => g.id === 'gpc-a')).toMatchObject({ newCards: 5, newToday: 5, dueToday: 0, progress: 0 });
    expect((await get('/flashcards/evaluations/by-user', await sessionCookieFor(t.database.db, other))).json()).toEqual([]);
  });

  it('serves what is due now (most overdue first), then new cards, each with the interval every grade would give', async () => {
    const cards = (await get('/flashcards/gpc-a')).json();
    expect(cards.map((c: { id: string }) => c.id)).toEqual(['gpc-a-2', 'gpc-a-1', 'gpc-a-3', 'gpc-a-4', 'gpc-a-5']);
    expect(cards.slice(0, 2).every((c: { due: string | null }) => c.due !== null)).toBe(true);
    expect(JSON.stringify(cards)).toContain('Respuesta 1');
    const { again, hard, good, easy } = cards[2].intervals;
    expect(again).toBeLessThan(good);
    expect(hard).toBeLessThanOrEqual(good);
    expect(easy).toBeGreaterThan(86_400_000);
  });

  it("introduces at most the student's daily new cards, across guides, and serves everything on «Repasar de todos modos»", async () => {
    const user = await createUser(t.database.db, { newCardsPerDay: 2 });
    const as = await sessionCookieFor(t.database.db, user);
    expect((await get('/flashcards/gpc-a', as)).json().map((c: { id: string }) => c.id)).toEqual(['gpc-a-1', 'gpc-a-2']);
    await evaluate('gpc-a-1', true, as);
    expect((await get('/flashcards/gpc-b', as)).json().map((c: { id: string }) => c.id)).toEqual(['gpc-b-1']);
    await evaluate('gpc-b-1', true, as);
    // The day's two new cards are used: nothing new until tomorrow, and nothing is due yet.
    expect((await get('/flashcards/gpc-a', as)).json()).toEqual([]);
    expect((await get('/clinic-guides', as)).json().find((g: { id: string }) => g.id === 'gpc-a')).toMatchObject({
      newCards: 4,
      newToday: 0,
      dueToday: 0,
    });
    expect((await get('/flashcards/gpc-a?all=1', as)).json()).toHaveLength(5);
  });

  it('lets the student change the daily new-card limit in the profile, within 0 to 200', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies: as })).json().studySettings).toEqual({
      newCardsPerDay: 20,
    });
    const put = (newCardsPerDay: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/user/study-settings', cookies: as, payload: { newCardsPerDay } });
    expect((await put(5)).json()).toEqual({ newCardsPerDay: 5 });
    expect((await get('/clinic-guides', as)).json().find((g: { id: string }) => g.id === 'gpc-a')).toMatchObject({ newToday: 5 });
    const tooMany = await put(500);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errorMessage).toMatch(/El máximo es 200 tarjetas nuevas al día/);
    expect((await put(2.5)).statusCode).toBe(400);
  });

  it('retires a card taken out of the content: no longer studied or counted, while its student keeps the history and schedule', async () => {
    const owner = await createUser(t.database.db);
    const mine = await sessionCookieFor(t.database.db, owner);
    await upsertGuides(t.database.db, [guide('gpc-c', 4)]);
    for (const id of ['gpc-c-1', 'gpc-c-2', 'gpc-c-3', 'gpc-c-4']) await evaluate(id, true, mine);
    await upsertGuides(t.database.db, [guide('gpc-c', 2)]);
    const listed = (await get('/clinic-guides', mine)).json().find((g: { id: string }) => g.id === 'gpc-c');
    expect(listed).toMatchObject({ flashcardsCount: 2, newCards: 0 });
    expect(listed.progress).toBeLessThanOrEqual(100);
    expect(
      (await get('/flashcards/gpc-c?all=1', mine))
        .json()
        .map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(['gpc-c-1', 'gpc-c-2']);
    const states = await t.database.db.select().from(flashcardStates).where(eq(flashcardStates.userId, owner.id));
    expect(states.map((state) => state.flashcardId).sort()).toEqual(['gpc-c-1', 'gpc-c-2', 'gpc-c-3', 'gpc-c-4']);
    const retired = await t.database.db
      .select({ id: flashcards.id, status: flashcards.status })
      .from(flashcards)
      .where(eq(flashcards.guideId, 'gpc-c'));
    expect(
      retired
        .filter((card) => card.status === 'retired')
        .map((card) => card.id)
        .sort(),
    ).toEqual(['gpc-c-3', 'gpc-c-4']);
    // A retired card cannot be graded any more; putting it back publishes it again with its schedule intact.
    expect((await evaluate('gpc-c-3', true, mine)).statusCode).toBe(404);
    await upsertGuides(t.database.db, [guide('gpc-c', 4)]);
    expect((await get('/clinic-guides', mine)).json().find((g: { id: string }) => g.id === 'gpc-c')).toMatchObject({
      flashcardsCount: 4,
      newCards: 0,
    });
  });

  it('gives the review of the day across guides: what is due now', async () => {
    await evaluate('gpc-b-1', false);
    expect((await get('/review/today')).json().cards.map((c: { id: string }) => c.id)).not.toContain('gpc-b-1');
    await later(student, 60);
    const review = (await get('/review/today')).json();
    expect(review.totalDue).toBe(3);
    // The home page's figure and where «Repasar ahora» starts: the guide with the most due cards.
    expect((await get('/review/summary')).json()).toEqual({ dueNow: 3, topGuide: { id: 'gpc-a', guideName: 'Guía gpc-a', due: 2 } });
    expect(review.cards.map((c: { id: string }) => c.id).sort()).toEqual(['gpc-a-1', 'gpc-a-2', 'gpc-b-1']);
    // Each card carries the version of the guideline it follows, as its back shows it (issue 39).
    const guidelines = Object.fromEntries(review.cards.map((c: { id: string; guideline: unknown }) => [c.id, c.guideline]));
    expect(guidelines['gpc-a-1']).toEqual({ code: 'IMSS-047-08', year: 2021, checkedAt: '2026-11' });
    expect(guidelines['gpc-b-1']).toEqual({ code: null, year: 2021 });
  });

  it('answers an unknown guide with 404 and needs an account', async () => {
    expect((await get('/clinic-guides/no-existe')).statusCode).toBe(404);
    expect((await get('/clinic-guides/gpc-b')).json()).toEqual({
      id: 'gpc-b',
      guideName: 'Guía gpc-b',
      category: 'Cirugía',
      yearOfUpdate: 2021,
      gpcCode: null,
      flashcardsCount: 3,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/ankis/clinic-guides' })).statusCode).toBe(401);
    expect((await get('/clinic-guides', await sessionCookieFor(t.database.db, null))).statusCode).toBe(403);
  });
});

describe('endOfTodayInMexico', () => {
  it('is the last millisecond of the day in Mexico City', () => {
    // 2026-11-21 20:00 in Mexico City is 2026-11-22 02:00 UTC; the day ends at 2026-11-22 05:59:59.999 UTC.
    expect(endOfTodayInMexico(new Date('2026-11-22T02:00:00Z')).toISOString()).toBe('2026-11-22T05:59:59.999Z');
  });
});

describe('undoing a grade', () => {
  it('puts the card back as it was, and only the latest grade can be taken back', async () => {
    const user = await createUser(t.database.db);
    const as = await sessionCookieFor(t.database.db, user);
    const first = (await evaluate('gpc-b-2', true, as)).json();
    const second = (await evaluate('gpc-b-3', false, as)).json();
    const undo = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/ankis/flashcards/evaluations/${id}`, cookies: as });

    const refused = await undo(first.evaluation.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorMessage).toBe('Solo puedes deshacer tu última calificación, poco después de darla.');

    // The card was new: undoing makes it new again, and the evaluation is gone.
    expect((await undo(second.evaluation.id)).json()).toEqual({ flashcardId: 'gpc-b-3', due: null });
    const states = await t.database.db.select().from(flashcardStates).where(eq(flashcardStates.userId, user.id));
    expect(states.map((state) => state.flashcardId)).toEqual(['gpc-b-2']);
    expect((await get('/flashcards/evaluations/by-user', as)).json().map((e: { id: string }) => e.id)).toEqual([first.evaluation.id]);

    // Now the first is the latest; a card graded before keeps its earlier schedule when its next grade is undone.
    await later(user, 60);
    const [before] = await t.database.db.select().from(flashcardStates).where(eq(flashcardStates.userId, user.id));
    const regrade = (await evaluate('gpc-b-2', true, as)).json();
    expect((await undo(regrade.evaluation.id)).json()).toEqual({ flashcardId: 'gpc-b-2', due: before!.due.toISOString() });
    const [after] = await t.database.db.select().from(flashcardStates).where(eq(flashcardStates.userId, user.id));
    expect(after!.due.toISOString()).toBe(before!.due.toISOString());
    expect(after!.card).toEqual(before!.card);
    expect((await undo('00000000-0000-4000-8000-000000000000')).statusCode).toBe(400);
  });
});

describe('a free account whose hours have not started', () => {
  it('starts them by reading a deck’s answers, as a graded answer would: no deck is read off the clock', async () => {
    const free = await createUser(t.database.db, {
      subscriptionType: 'free',
      membershipStart: new Date(),
      membershipEnd: freeHoursHold(new Date()),
      freeHoursStartedAt: null,
    });
    const as = await sessionCookieFor(t.database.db, free);
    const pending = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies: as })).json().subscriptionInfo.freeHoursPending;
    // The guide list (names and counts, no answers) leaves the hours alone.
    expect((await get('/clinic-guides', as)).statusCode).toBe(200);
    expect(await pending()).toBe(true);

    const deck = await get('/flashcards/gpc-b?all=1', as);
    expect(deck.statusCode).toBe(200);
    expect(deck.json()[0]).toMatchObject({ answer: 'Respuesta 1' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, free.id));
    expect(row!.freeHoursStartedAt).not.toBeNull();
    expect(row!.membershipEnd!.getTime() - Date.now()).toBeLessThanOrEqual(2 * 60 * 60_000);
    expect(await pending()).toBeUndefined();
  });
});
