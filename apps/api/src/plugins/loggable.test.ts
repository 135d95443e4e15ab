import { describe, expect, it } from 'vitest';
import { loggable } from './error-handler.ts';

describe('loggable()', () => {
  it('keeps a failed statement’s SQL text and its driver’s error, never the values nor a conflicting row’s key', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(ana@example.com) already exists.',
      // PGlite repeats the statement and its parameters on its own error.
      query: 'insert into "users" ("email") values ($1)',
      params: ['ana@example.com'],
    });
    const failure = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: ana@example.com'), {
      query: 'insert into "users" ("email") values ($1)',
      params: ['ana@example.com'],
      cause: driver,
    });
    const logged = loggable(failure);
    expect(logged.query).toBe('insert into "users" ("email") values ($1)');
    expect(logged.err).toMatchObject({ code: '23505', constraint: 'users_email_key', message: driver.message });
    expect(JSON.stringify(logged)).not.toContain('ana@example.com');
  });

  it('says which SMTP step failed and with what code, never whom it was for', () => {
    const refusal = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <ana@example.com>: unknown"), {
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
      response: '550 <ana@example.com>: unknown',
      rejected: ['ana@example.com'],
    });
    expect(loggable(refusal)).toEqual({ err: { type: 'SmtpError', command: 'RCPT TO', code: 'EENVELOPE', responseCode: 550 } });
  });
});
