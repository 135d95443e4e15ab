import { describe, expect, it } from 'vitest';
import { initialLoginState, loginReducer, type LoginEvent, type LoginState } from './login-stages.ts';

function run(events: LoginEvent[], from: LoginState = initialLoginState()): LoginState {
  return events.reduce(loginReducer, from);
}

describe('loginReducer', () => {
  it('starts at the e-mail with the prefill, and moves to the code once it is sent', () => {
    const start = initialLoginState('ana@example.com');
    expect(start).toMatchObject({ stage: 'email', email: 'ana@example.com', moves: 0 });
    expect(run([{ type: 'codeSent', email: 'ana@example.com', fallbackLogin: true }], start)).toMatchObject({ stage: 'code', moves: 1 });
  });

  it('shows Resend only after a refused code, and marks it used after one click', () => {
    const code = run([{ type: 'codeSent', email: 'a@b.co', fallbackLogin: true }]);
    expect(code.codeRejected).toBe(false);
    const rejected = loginReducer(code, { type: 'codeRejected' });
    expect(rejected.codeRejected).toBe(true);
    expect(loginReducer(rejected, { type: 'codeResent' }).codeResent).toBe(true);
    expect(run([{ type: 'codeResent' }, { type: 'resendFailed' }], rejected).codeResent).toBe(false);
  });

  it("goes from the code to the birth date and phone ('No encuentro el código') only for an account that can use them", () => {
    const fallback = run([{ type: 'codeSent', email: 'a@b.co', fallbackLogin: true }, { type: 'cantFindCode' }]);
    expect(fallback.stage).toBe('fallback');
    const without = run([{ type: 'codeSent', email: 'a@b.co', fallbackLogin: false }, { type: 'cantFindCode' }]);
    expect(without.stage).toBe('code');
  });

  it('goes back one stage with the arrow, and to the e-mail with back-to-start', () => {
    const fallback = run([{ type: 'codeSent', email: 'a@b.co', fallbackLogin: true }, { type: 'cantFindCode' }]);
    expect(loginReducer(fallback, { type: 'back' }).stage).toBe('code');
    expect(run([{ type: 'back' }, { type: 'back' }], fallback).stage).toBe('email');
    const restarted = loginReducer(fallback, { type: 'backToStart' });
    expect(restarted).toMatchObject({ stage: 'email', email: 'a@b.co', fallbackLogin: false, codeRejected: false });
  });

  it("'Corregir correo' keeps the address to edit, and a new code resets the flags", () => {
    const rejected = run([{ type: 'codeSent', email: 'a@b.co', fallbackLogin: true }, { type: 'codeRejected' }, { type: 'codeResent' }]);
    const editing = loginReducer(rejected, { type: 'correctEmail' });
    expect(editing).toMatchObject({ stage: 'email', email: 'a@b.co' });
    expect(loginReducer(editing, { type: 'codeSent', email: 'c@d.co', fallbackLogin: false })).toMatchObject({
      stage: 'code',
      email: 'c@d.co',
      codeRejected: false,
      codeResent: false,
    });
  });

  it('a refused code request still opens the code stage, with the message and the other ways in', () => {
    const limited = loginReducer(initialLoginState(), {
      type: 'codeLimited',
      email: 'ana@example.com',
      message: 'Podrás pedir otro a las 10:42.',
      fallbackLogin: true,
    });
    expect(limited).toMatchObject({
      stage: 'code',
      email: 'ana@example.com',
      codeLimit: 'Podrás pedir otro a las 10:42.',
      codeResent: true,
    });
    expect(loginReducer(limited, { type: 'cantFindCode' }).stage).toBe('fallback');
    expect(loginReducer(limited, { type: 'backToStart' }).codeLimit).toBeNull();
    expect(loginReducer(limited, { type: 'codeSent', email: 'ana@example.com', fallbackLogin: true }).codeLimit).toBeNull();
  });
});
