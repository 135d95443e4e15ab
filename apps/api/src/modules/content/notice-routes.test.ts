import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIR_NOTICE_PATH } from '@galeno/domain/external-sources';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the page the MIR source line links to', () => {
  it('serves the attribution, licences and NOTICEs of both banks as text, to anyone', async () => {
    const response = await t.app.inject({ method: 'GET', url: MIR_NOTICE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = response.body;
    // HEAD-QA: the data set, its licence, and the Ministry's terms with the update date.
    expect(text).toMatch(/HEAD-QA v1\.0/);
    expect(text).toMatch(/Licencia MIT/);
    expect(text).toMatch(/14 de enero de 2019/);
    // CasiMedicos: the CC BY 4.0 attribution, the changes made, and the original NOTICE.
    expect(text).toMatch(/«CasiMedicos-Arg».*Sviridova/s);
    expect(text).toMatch(/CC BY 4\.0\s+\(https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/deed\.es\)/);
    expect(text).toMatch(/Cambios hechos\..*letra que ve el estudiante \(A–E\)/s);
    expect(text).toMatch(/Aviso original del conjunto de datos \(NOTICE\.md, en inglés\):\n\n# CasiMedicos-Arg, Spanish \(ES\) train and dev splits/);
  });
});
