import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createUser, sessionCookieFor } from '../../test/factories.ts';
import { payments } from '../../db/schema/memberships.ts';
import { itemReports } from '../../db/schema/reports.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('"Descargar mis datos"', () => {
  it('leaves out who on the staff resolved a report and what an affiliate earned from a payment (issue 34, F15)', async () => {
    const db = t.database.db;
    const staff = await createUser(db);
    const student = await createUser(db, { affiliateShortId: 'galeno' });
    await db.insert(payments).values({
      userId: student.id,
      provider: 'local',
      planId: '1-year',
      membershipMode: 'single',
      regularMembershipPrice: 1500,
      amountPaid: 1275,
      affiliateShortId: 'galeno',
      affiliateEarnedAmount: 191,
      status: 'paid',
      paidAt: new Date(),
    });
    await db.insert(itemReports).values({
      userId: student.id,
      itemKind: 'question',
      itemId: 'q-1',
      reason: 'respuesta',
      resolvedAt: new Date(),
      resolvedBy: staff.id,
      resolution: 'corregido',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/user/export', cookies: await sessionCookieFor(db, student) });
    expect(response.statusCode).toBe(200);
    const exported = response.json();
    expect(exported.payments).toHaveLength(1);
    expect(exported.payments[0]).toMatchObject({ amountPaid: 1275, planId: '1-year' });
    expect(exported.payments[0]).not.toHaveProperty('affiliateShortId');
    expect(exported.payments[0]).not.toHaveProperty('affiliateEarnedAmount');
    expect(exported.reports).toHaveLength(1);
    expect(exported.reports[0]).toMatchObject({ resolution: 'corregido' });
    expect(exported.reports[0]).not.toHaveProperty('resolvedBy');
    expect(response.body).not.toContain(staff.id);
  });
});
