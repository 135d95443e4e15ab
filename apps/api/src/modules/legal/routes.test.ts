import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/legal', () => {
  it('names the operator from configuration, and says when the data are still placeholders', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/legal' })).json()).toMatchObject({
      operatorName: 'Razón social por configurar (LEGAL_NAME)',
      placeholders: true,
      noticeVersion: '2026-11-24',
    });
    await t.close();
    t = await createTestApp({
      LEGAL_NAME: 'Galeno Educación S.A.S. de C.V.',
      LEGAL_ADDRESS: 'Av. Reforma 1, CDMX',
      CONTACT_EMAIL: 'hola@galeno.mx',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/legal' })).json()).toEqual({
      operatorName: 'Galeno Educación S.A.S. de C.V.',
      address: 'Av. Reforma 1, CDMX',
      contactEmail: 'hola@galeno.mx',
      noticeVersion: '2026-11-24',
      placeholders: false,
    });
  });
});
