import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { generateBank } from '../../test/bank.ts';
import { loadClinicCase } from '../bank/items.ts';
import { loadContent } from './load.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the guideline version an item follows (issue 39)', () => {
  it('reaches the page with the month the registry last checked it, and a check changes nothing else', async () => {
    const db = t.database.db;
    const bank = generateBank({ cases: 2, prefix: 'reg' });
    await loadContent(db, bank);
    const [checked, unchecked] = bank['clinical-cases'];
    checked!.gpc = { ...checked!.gpc!, checkedAt: '2026-12' };
    // Only the checked case (and its questions) is rewritten.
    expect((await loadContent(db, bank)).written).toBe(1 + checked!.questions.length);
    expect((await loadClinicCase(db, checked!.id, Date.now() + 3_600_000))!.gpc).toEqual({
      name: 'Guía de práctica clínica de prueba',
      code: null,
      year: 2021,
      checkedAt: '2026-12',
    });
    expect((await loadClinicCase(db, unchecked!.id, Date.now() + 3_600_000))!.gpc).toEqual({ name: 'Guía de práctica clínica de prueba', code: null, year: 2021 });
  });
});
