import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createSingleQuestions, singleQuestionContent } from '../../test/factories.ts';
import { codeFromSubject, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';

// Issue 19: a trial's answers are kept on its session, its end sheet says how many, an account created
// from that sheet on the same device takes them, and the answer sent as the time runs out is still graded.
let t: TestApp;
let smtp: SmtpSink;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: smtp.url, TRIAL_SECONDS: '60' });
  await createSingleQuestions(t.database.db, [
    singleQuestionContent('sq-trial-1'),
    singleQuestionContent('sq-trial-2'),
    singleQuestionContent('sq-trial-3'),
  ]);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Cookies = Record<string, string>;
const inject = (method: 'GET' | 'POST', url: string, cookies: Cookies, payload?: object) =>
  t.app.inject({ method, url, cookies, remoteAddress: '198.51.100.7', ...(payload ? { payload } : {}) });

/** A new device starts a trial: its device cookie and trial session cookie. */
async function startTrial(): Promise<Cookies> {
  const response = await inject('GET', '/api/staggered-auth/login/trial-period', {});
  expect(response.statusCode).toBe(200);
  const cookie = (name: string) => response.cookies.find((entry) => entry.name === name)!.value;
  return { galeno_device: cookie('galeno_device'), galeno_session: cookie('galeno_session') };
}

const answer = (cookies: Cookies, questionId: string, selected: number) =>
  inject('POST', '/api/quiz/evaluate/question', cookies, { questionId, optionSelectedIndex: selected });

async function signUpAndLogIn(device: Cookies, keepTrialAnswers?: boolean) {
  const email = `prueba${++counter}@example.com`;
  const since = smtp.messages.length;
  const body = {
    email,
    name: 'Sam Ruiz',
    dateOfBirth: '1999-02-03',
    phoneNumber: '5512345678',
    acceptsPrivacyNotice: true,
    ...(keepTrialAnswers === undefined ? {} : { keepTrialAnswers }),
  };
  expect((await inject('POST', '/api/staggered-auth/user/signup', { galeno_device: device.galeno_device! }, body)).statusCode).toBe(200);
  const mail = await smtp.waitFor(email, { since });
  const login = await inject('POST', '/api/staggered-auth/login/otp', {}, { email, otpCode: codeFromSubject(mail.subject) });
  return { galeno_session: login.cookies.find((entry) => entry.name === 'galeno_session')!.value };
}

const totals = async (account: Cookies) => (await inject('GET', '/api/stats/summary', account)).json().totals;

describe('a trial’s answers', () => {
  it('are counted for the end sheet and carried into an account created from it on the same device', async () => {
    const trial = await startTrial();
    expect((await answer(trial, 'sq-trial-1', 0)).json().correct).toBe(true);
    expect((await answer(trial, 'sq-trial-2', 1)).json().correct).toBe(false);
    // Answered again once its key was shown, the first answer still counts, once (issue 34, F7).
    expect((await answer(trial, 'sq-trial-2', 0)).json().correct).toBe(true);
    expect((await answer(trial, 'sq-trial-3', 2)).json().correct).toBe(false);
    expect((await inject('GET', '/api/staggered-auth/trial/summary', { galeno_device: trial.galeno_device! })).json()).toEqual({
      answered: 3,
      correct: 1,
    });
    // Another device knows nothing of them.
    expect((await inject('GET', '/api/staggered-auth/trial/summary', {})).json()).toEqual({ answered: 0, correct: 0 });

    const account = await signUpAndLogIn(trial, true);
    expect(await totals(account)).toMatchObject({ answered: 3, correct: 1 });
    const recent = (await inject('GET', '/api/stats/summary', account)).json().recentEvaluations;
    expect(recent).toHaveLength(1);
    // Carried once: the sheet is empty now, and a second account from the same device gets nothing.
    expect((await inject('GET', '/api/staggered-auth/trial/summary', { galeno_device: trial.galeno_device! })).json()).toEqual({
      answered: 0,
      correct: 0,
    });
    expect(await totals(await signUpAndLogIn(trial, true))).toMatchObject({ answered: 0 });
  });

  it('stay with the trial when the account is not created from its sheet, or on another device', async () => {
    const trial = await startTrial();
    await answer(trial, 'sq-trial-1', 0);
    expect(await totals(await signUpAndLogIn(trial))).toMatchObject({ answered: 0 });
    expect(await totals(await signUpAndLogIn({ galeno_device: 'otro-dispositivo-xxxxx' }, true))).toMatchObject({ answered: 0 });
    expect((await inject('GET', '/api/staggered-auth/trial/summary', { galeno_device: trial.galeno_device! })).json()).toEqual({
      answered: 1,
      correct: 1,
    });
  });

  it('include the answer sent as the time ran out (a short grace for grading only), and nothing after', async () => {
    const trial = await startTrial();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 65_000);
      // Over: no new question is served, but the answer on screen at zero is graded and kept.
      expect((await inject('GET', '/api/quiz/question/random', trial)).statusCode).toBe(401);
      expect((await answer(trial, 'sq-trial-1', 0)).json().correct).toBe(true);
      vi.setSystemTime(Date.now() + 30_000);
      expect((await answer(trial, 'sq-trial-2', 0)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await inject('GET', '/api/staggered-auth/trial/summary', { galeno_device: trial.galeno_device! })).json()).toEqual({
      answered: 1,
      correct: 1,
    });
  });
});
