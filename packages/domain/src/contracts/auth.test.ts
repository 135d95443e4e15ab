import { describe, it, expect } from 'vitest';
import { AGE_OUT_OF_RANGE, LOGIN_EMAIL_INVALID, OTP_CODE_TOO_LONG, PHONE_INVALID } from '../forms.ts';
import {
  AuthUserResponseSchema,
  FallbackLoginBodySchema,
  LoginOtpBodySchema,
  RequestOtpBodySchema,
  PRIVACY_CONSENT_REQUIRED,
  SignupBodySchema,
  SignupResponseSchema,
  UserExistsBodySchema,
  UserExistsResponseSchema,
} from './auth.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth contracts', () => {
  it('return the auth user with its trial flag', () => {
    const authUser = { id: 'TRIAL', name: 'Alumno de Galeno', email: '', isTrial: true, trialEndsAt: '2026-03-10T12:05:00.000Z' };
    expect(AuthUserResponseSchema.parse({ authUser })).toEqual({ authUser });
    const student = { ...authUser, id: 'u1', isTrial: false, trialEndsAt: null };
    expect(SignupResponseSchema.parse({ authData: { authUser: student } }).authData.authUser.id).toBe('u1');
    expect(AuthUserResponseSchema.safeParse({ authUser: { id: 'u1', name: 'Ana', email: 'a@b.mx' } }).success).toBe(false);
    expect(AuthUserResponseSchema.safeParse({ authUser: { ...authUser, trialEndsAt: 'en 5 minutos' } }).success).toBe(false);
  });

  it('validate and normalise the e-mail with the login message', () => {
    expect(UserExistsBodySchema.parse({ email: ' Ana@Mail.com' })).toEqual({ email: 'ana@mail.com' });
    expect(messages(RequestOtpBodySchema.safeParse({ email: 'nope' }))).toEqual([LOGIN_EMAIL_INVALID]);
    expect(UserExistsResponseSchema.parse({ exists: true, fallbackLogin: false })).toEqual({ exists: true, fallbackLogin: false });
  });

  it('take the code trimmed, at most 10 characters', () => {
    expect(LoginOtpBodySchema.parse({ email: 'a@b.mx', otpCode: ' 123456 ' })).toEqual({ email: 'a@b.mx', otpCode: '123456' });
    expect(messages(LoginOtpBodySchema.safeParse({ email: 'a@b.mx', otpCode: '12345678901' }))).toEqual([OTP_CODE_TOO_LONG]);
  });

  it('take the birth date as YYYY-MM-DD and the phone as digits, both required together', () => {
    const body = { email: 'a@b.mx', birthdate: '1999-03-10', phoneNumber: ' 55-1234-5678 ' };
    expect(FallbackLoginBodySchema.parse(body)).toEqual({ email: 'a@b.mx', birthdate: '1999-03-10', phoneNumber: '5512345678' });
    expect(FallbackLoginBodySchema.safeParse({ ...body, birthdate: '10/03/1999' }).success).toBe(false);
    expect(messages(FallbackLoginBodySchema.safeParse({ ...body, phoneNumber: '123' }))).toEqual([PHONE_INVALID]);
    expect(FallbackLoginBodySchema.safeParse({ email: 'a@b.mx', birthdate: '1999-03-10' }).success).toBe(false);
    expect(FallbackLoginBodySchema.safeParse({ email: 'a@b.mx', phoneNumber: '5512345678' }).success).toBe(false);
  });

  it('validate signup as the page does, with an optional affiliate and the privacy consent required', () => {
    const body = {
      email: 'Ana@Mail.com',
      name: ' Ana ',
      dateOfBirth: '1995-07-20',
      phoneNumber: '55 1234 5678',
      acceptsPrivacyNotice: true,
    };
    expect(SignupBodySchema.parse(body)).toEqual({
      email: 'ana@mail.com',
      name: 'Ana',
      dateOfBirth: '1995-07-20',
      phoneNumber: '5512345678',
      acceptsPrivacyNotice: true,
    });
    const { acceptsPrivacyNotice: _consent, ...withoutConsent } = body;
    expect(messages(SignupBodySchema.safeParse(withoutConsent))).toEqual([PRIVACY_CONSENT_REQUIRED]);
    expect(SignupBodySchema.parse({ ...body, affiliateId: 'galeno' }).affiliateId).toBe('galeno');
    expect(SignupBodySchema.safeParse({ ...body, affiliateId: '' }).success).toBe(false);
    // The server's clock is the real one: someone born this year is too young.
    const thisYear = new Date().getUTCFullYear();
    expect(messages(SignupBodySchema.safeParse({ ...body, dateOfBirth: `${thisYear}-01-01` }))).toEqual([AGE_OUT_OF_RANGE]);
  });
});
