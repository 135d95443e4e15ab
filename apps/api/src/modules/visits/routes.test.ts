import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ctaClicks, landingVisits } from '../../db/schema/visits.ts';
import { users } from '../../db/schema/users.ts';
import { publicCounts, recordLandingVisit } from './service.ts';
import { identifyVisitor } from '../../lib/visitor.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const asVisitor = (ip: string, agent = 'Mozilla/5.0 (Linux; Android 14)') => ({ 'user-agent': agent, 'x-forwarded-for': ip });

describe('POST /api/visits/landing', () => {
  it('records a visit with a hashed and masked IP, user agent and referer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/visits/landing',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone)', referer: 'http://localhost:3000/?utm_source=fb' },
      remoteAddress: '187.190.12.34',
      payload: { originPath: '/?utm_source=fb', referrer: 'https://www.google.com/' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // The link is the path: the query string is not part of it.
    const [visit] = await t.database.db.select().from(landingVisits).where(eq(landingVisits.ipMasked, '187.190.x.x'));
    expect(visit!.originPath).toBe('/');
    expect(visit).toMatchObject({
      userAgent: 'Mozilla/5.0 (iPhone)',
      referer: 'https://www.google.com/',
      ipMasked: '187.190.x.x',
      timesVisited: 1,
    });
    expect(visit!.ipHash).not.toContain('187.190');
    expect(JSON.stringify(visit)).not.toContain('12.34');
  });

  it('counts repeats of one visitor on one path instead of adding rows', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/visits/landing',
        remoteAddress: '10.1.2.3',
        headers: asVisitor('x'),
        payload: { originPath: '/repeat' },
      });
    }
    await t.app.inject({ method: 'POST', url: '/api/visits/landing', remoteAddress: '10.9.9.9', payload: { originPath: '/repeat' } });
    const rows = await t.database.db.select().from(landingVisits).where(eq(landingVisits.originPath, '/repeat'));
    expect(rows.map((row) => row.timesVisited).sort()).toEqual([1, 3]);
  });

  it('counts one unique visit per visitor, link and day, whatever the query string or User-Agent', async () => {
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/visits/landing',
        remoteAddress: '200.3.3.3',
        headers: { 'user-agent': `Bot/${i}` },
        payload: { originPath: `/a/Dra-Inflada?utm=${i}#x${i}` },
      });
    }
    const rows = await t.database.db.select().from(landingVisits).where(eq(landingVisits.affiliateShortId, 'dra-inflada'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ originPath: '/a/dra-inflada', timesVisited: 20 });
    // The next day in Mexico City, the same visitor is a new unique visit.
    const visitor = identifyVisitor(t.config.APP_SECRET, '200.3.3.3', 'Bot/0');
    await recordLandingVisit(t.database.db, { originPath: '/a/dra-inflada', visitor, referer: null }, new Date(Date.now() + 86_400_000));
    expect(await t.database.db.select().from(landingVisits).where(eq(landingVisits.affiliateShortId, 'dra-inflada'))).toHaveLength(2);
  });

  it('refuses a malformed body with a Spanish message and stores nothing', async () => {
    for (const payload of [{}, { originPath: 42 }, { originPath: 'no-slash' }, { originPath: '/' + 'a'.repeat(400) }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/visits/landing', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errorMessage: expect.any(String) });
    }
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/visits/landing',
      headers: { 'content-type': 'application/json' },
      payload: '{"originPath":',
    });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({
      errorMessage: 'El cuerpo de la solicitud no es JSON válido.',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect(invalidJson.body).not.toContain('at ');
  });

  it('rate-limits one IP', async () => {
    let limited = 0;
    for (let i = 0; i < 65; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/visits/landing',
        remoteAddress: '9.9.9.9',
        payload: { originPath: '/rl' },
      });
      if (response.statusCode === 429) {
        limited++;
        expect(response.json()).toEqual({
          errorMessage: 'Demasiadas solicitudes. Espera un momento e intenta nuevamente.',
          code: 'RATE_LIMITED',
        });
      }
    }
    expect(limited).toBe(5);
  });
});

describe('POST /api/visits/cta', () => {
  it('records the button clicked', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/visits/cta', payload: { buttonClicked: 'hero-signup' } });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(ctaClicks).where(eq(ctaClicks.buttonClicked, 'hero-signup'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty button name', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/visits/cta', payload: { buttonClicked: '' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/visits/public-counts', () => {
  it('rounds the number of students down to a friendly figure', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/visits/public-counts' });
    expect(empty.json()).toEqual({ students: 0, flashcards: 0, ownQuestions: 0, mirQuestions: 0 });
    await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 57 }, (_, i) => ({
          email: `alumno${i}@example.com`,
          name: `Alumno ${i}`,
          dateOfBirth: '1998-01-01',
          phoneNumber: '5512345678',
          acceptsPrivacyNotice: true,
        })),
      );
    // Counted at most once per 5 minutes: within that window the figure stays, after it the new one shows.
    expect((await t.app.inject({ method: 'GET', url: '/api/visits/public-counts' })).json()).toEqual({
      students: 0,
      flashcards: 0,
      ownQuestions: 0,
      mirQuestions: 0,
    });
    expect(await publicCounts(t.database.db, Date.now() + 5 * 60_000 + 1)).toEqual({
      students: 50,
      flashcards: 0,
      ownQuestions: 0,
      mirQuestions: 0,
    });
  });
});
