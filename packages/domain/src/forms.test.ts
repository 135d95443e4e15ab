import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  AGE_OUT_OF_RANGE,
  ageByYear,
  BirthdateSchema,
  CLAIM_BIRTH_DATE_IN_FUTURE,
  CLAIM_BIRTH_DATE_REQUIRED,
  CLAIM_EMAIL_INVALID,
  CLAIM_EMAIL_REQUIRED,
  CLAIM_NAME_REQUIRED,
  claimFormIssue,
  createClaimFormSchema,
  createDateOfBirthSchema,
  createSignupSchema,
  createSignupStep2Schema,
  DATE_OF_BIRTH_INVALID,
  DATE_OF_BIRTH_REQUIRED,
  digitsOnly,
  firstFieldErrors,
  GROUP_EMAIL_INVALID,
  GROUP_INVITE_ALIAS_REQUIRED,
  GROUP_INVITE_ALIAS_TOO_LONG,
  GROUP_INVITE_EMAIL_REQUIRED,
  GroupActivationSchema,
  GroupInviteSchema,
  LOGIN_EMAIL_INVALID,
  LoginEmailFormSchema,
  NAME_CHARACTERS_INVALID,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  NAME_TOO_SHORT,
  normalizeEmail,
  OTP_CODE_REQUIRED,
  OTP_CODE_TOO_LONG,
  OtpCodeSchema,
  PHONE_INVALID,
  PHONE_REQUIRED,
  PhoneNumberSchema,
  ProfileNameSchema,
  SIGNUP_EMAIL_INVALID,
  SIGNUP_EMAIL_REQUIRED,
  SignupStep1Schema,
  validateClaimForm,
  isEmailShaped,
} from './forms.ts';

/** Every message the schema reports for `value`, in order. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const now = new Date('2026-06-15T18:00:00Z');
const clock = () => now;

describe('spec messages', () => {
  it('are the spec text, verbatim', () => {
    expect(LOGIN_EMAIL_INVALID).toBe('Ingresa un correo válido');
    expect(SIGNUP_EMAIL_REQUIRED).toBe('El email es requerido');
    expect(SIGNUP_EMAIL_INVALID).toBe('Ingresa un email válido');
    expect(NAME_REQUIRED).toBe('El nombre es requerido');
    expect(NAME_TOO_SHORT).toBe('El nombre debe tener al menos 2 caracteres');
    expect(DATE_OF_BIRTH_REQUIRED).toBe('La fecha de nacimiento es requerida');
    expect(AGE_OUT_OF_RANGE).toBe('Debes tener entre 13 y 120 años');
    expect(PHONE_REQUIRED).toBe('El teléfono es requerido');
    expect(PHONE_INVALID).toBe('Ingresa un número válido');
    expect(GROUP_EMAIL_INVALID).toBe('Ingresa un correo electrónico válido');
    expect(CLAIM_NAME_REQUIRED).toBe('Por favor ingresa tu nombre.');
    expect(CLAIM_EMAIL_REQUIRED).toBe('Por favor ingresa tu email.');
    expect(CLAIM_EMAIL_INVALID).toBe('Por favor ingresa un email válido.');
    expect(CLAIM_BIRTH_DATE_REQUIRED).toBe('Por favor ingresa tu fecha de nacimiento.');
    expect(CLAIM_BIRTH_DATE_IN_FUTURE).toBe('La fecha de nacimiento no puede ser en el futuro.');
  });
});

describe('helpers', () => {
  it('digitsOnly strips everything but digits', () => {
    expect(digitsOnly('+52 (55) 1234-5678')).toBe('525512345678');
    expect(digitsOnly('abc')).toBe('');
  });

  it('normalizeEmail trims and lower-cases', () => {
    expect(normalizeEmail('  Ana.Lopez@Mail.COM ')).toBe('ana.lopez@mail.com');
  });

  it('ageByYear counts years by calendar year in Mexico City', () => {
    expect(ageByYear('2013-12-31', now)).toBe(13);
    // 1 January 03:00 UTC is still the previous year in Mexico City.
    expect(ageByYear('2000-05-05', new Date('2026-01-01T03:00:00Z'))).toBe(25);
    expect(ageByYear('2000-05-05', new Date('2026-01-01T07:00:00Z'))).toBe(26);
  });
});

describe('login', () => {
  it('accepts a valid e-mail and normalises it', () => {
    expect(LoginEmailFormSchema.parse({ email: ' Ana@Mail.com ' })).toEqual({ email: 'ana@mail.com' });
  });

  it.each(['', '   ', 'ana', 'ana@mail', 'ana @mail.com', `${'a'.repeat(250)}@x.com`, undefined])(
    'says "Ingresa un correo válido" for %j',
    (email) => {
      expect(messages(LoginEmailFormSchema, { email })).toEqual([LOGIN_EMAIL_INVALID]);
    },
  );

  it.each([
    '"ana@mail.com" <evil@x.test>',
    'Ana <ana@mail.com>',
    '<ana@mail.com>',
    'ana@mail.com,evil@x.test',
    'ana@mail.com;evil@x.test',
    'ana@mail.com (comentario)',
    '"a b"@mail.com',
    'ana@@mail.com',
    'ana@mail..com',
    '.ana@mail.com',
    'ana.@mail.com',
    'ana@-mail.com',
    'ana@mail.c',
    'ana@mail.com.',
    'ana@[127.0.0.1]',
    'ana\\@mail.com',
    'añá@mail.com',
    `${'a'.repeat(65)}@mail.com`,
  ])('refuses %j: only a plain address, so no mailer can read another recipient into it', (email) => {
    expect(messages(LoginEmailFormSchema, { email })).toEqual([LOGIN_EMAIL_INVALID]);
    expect(isEmailShaped(email)).toBe(false);
  });

  it.each(['ana.lopez+enarm@mail.com', 'a_b-c@sub.mail.com.mx', "o'neil@mail.co", 'x@xn--80ak6aa92e.xn--p1ai'])(
    'accepts the plain address %j',
    (email) => {
      expect(isEmailShaped(email)).toBe(true);
    },
  );

  it('trims the code and keeps it within 10 characters', () => {
    expect(OtpCodeSchema.parse(' 123456 ')).toBe('123456');
    expect(messages(OtpCodeSchema, '   ')).toEqual([OTP_CODE_REQUIRED]);
    expect(messages(OtpCodeSchema, '12345678901')).toEqual([OTP_CODE_TOO_LONG]);
    expect(OTP_CODE_TOO_LONG).toBe('El código tiene como máximo 10 caracteres');
  });

  it('needs a real birth date', () => {
    expect(BirthdateSchema.parse('1998-04-30')).toBe('1998-04-30');
    expect(messages(BirthdateSchema, '')).toEqual([DATE_OF_BIRTH_REQUIRED]);
    expect(messages(BirthdateSchema, '1998-02-30')).toEqual([DATE_OF_BIRTH_INVALID]);
    expect(messages(BirthdateSchema, '30/04/1998')).toEqual([DATE_OF_BIRTH_INVALID]);
  });
});

describe('signup step 1', () => {
  it('passes a valid e-mail and name, trimmed', () => {
    expect(SignupStep1Schema.parse({ email: 'Ana@Mail.com', name: '  Ana López ' })).toEqual({ email: 'ana@mail.com', name: 'Ana López' });
  });

  it('reports one message per field', () => {
    expect(firstFieldErrors(SignupStep1Schema.safeParse({ email: '', name: '' }).error!)).toEqual({
      email: SIGNUP_EMAIL_REQUIRED,
      name: NAME_REQUIRED,
    });
    expect(messages(SignupStep1Schema, { email: '  ', name: '   ' })).toEqual([SIGNUP_EMAIL_REQUIRED, NAME_REQUIRED]);
    expect(messages(SignupStep1Schema, {})).toEqual([SIGNUP_EMAIL_REQUIRED, NAME_REQUIRED]);
  });

  it('says "Ingresa un email válido" for a malformed address', () => {
    expect(messages(SignupStep1Schema, { email: 'ana@mail', name: 'Ana' })).toEqual([SIGNUP_EMAIL_INVALID]);
  });

  it('needs at least 2 characters of name after trimming, and at most 100', () => {
    expect(messages(SignupStep1Schema, { email: 'ana@mail.com', name: ' A ' })).toEqual([NAME_TOO_SHORT]);
    expect(messages(SignupStep1Schema, { email: 'ana@mail.com', name: 'Al' })).toEqual([]);
    expect(messages(SignupStep1Schema, { email: 'ana@mail.com', name: 'A'.repeat(101) })).toEqual([NAME_TOO_LONG]);
  });
});

describe('the profile name', () => {
  it('folds spaces and takes letters of any accent, apostrophes and hyphens', () => {
    expect(ProfileNameSchema.parse('  María José   O’Connor-Pérez ')).toBe('María José O’Connor-Pérez');
    expect(ProfileNameSchema.parse("Ñuño D'Ávila")).toBe("Ñuño D'Ávila");
  });

  it('refuses digits, markup and punctuation, and keeps signup’s length rules', () => {
    for (const name of ['Ana2', '<b>Ana</b>', 'Dr. Ana', 'Ana_López', 'Ana\tLópez'])
      expect(messages(ProfileNameSchema, name), name).toEqual([NAME_CHARACTERS_INVALID]);
    expect(messages(ProfileNameSchema, ' A ')).toEqual([NAME_TOO_SHORT]);
    expect(messages(ProfileNameSchema, 'A'.repeat(101))).toEqual([NAME_TOO_LONG]);
    expect(messages(ProfileNameSchema, '   ')).toEqual([NAME_REQUIRED]);
  });
});

describe('signup step 2', () => {
  const step2 = createSignupStep2Schema(clock);

  it('passes a valid birth date and keeps only the phone digits', () => {
    expect(step2.parse({ dateOfBirth: '1999-03-10', phoneNumber: ' 55 1234-5678 ' })).toEqual({
      dateOfBirth: '1999-03-10',
      phoneNumber: '5512345678',
    });
  });

  it('requires both fields', () => {
    expect(messages(step2, { dateOfBirth: '', phoneNumber: '' })).toEqual([DATE_OF_BIRTH_REQUIRED, PHONE_REQUIRED]);
    expect(messages(step2, {})).toEqual([DATE_OF_BIRTH_REQUIRED, PHONE_REQUIRED]);
  });

  it('accepts ages 13 to 120 by year difference', () => {
    const dateOfBirth = createDateOfBirthSchema(clock);
    expect(messages(dateOfBirth, '2013-12-31')).toEqual([]);
    expect(messages(dateOfBirth, '1906-01-01')).toEqual([]);
    expect(messages(dateOfBirth, '2014-01-01')).toEqual([AGE_OUT_OF_RANGE]);
    expect(messages(dateOfBirth, '1905-12-31')).toEqual([AGE_OUT_OF_RANGE]);
    expect(messages(dateOfBirth, '2030-01-01')).toEqual([AGE_OUT_OF_RANGE]);
    expect(messages(dateOfBirth, '2026-02-30')).toEqual([DATE_OF_BIRTH_INVALID]);
  });

  it('reads the clock on every parse, not once', () => {
    let current = new Date('2026-06-15T18:00:00Z');
    const schema = createDateOfBirthSchema(() => current);
    expect(messages(schema, '2014-05-01')).toEqual([AGE_OUT_OF_RANGE]);
    current = new Date('2027-06-15T18:00:00Z');
    expect(messages(schema, '2014-05-01')).toEqual([]);
  });

  it('needs 8 to 15 digits of phone', () => {
    expect(messages(PhoneNumberSchema, '1234-567')).toEqual([PHONE_INVALID]);
    expect(messages(PhoneNumberSchema, '---')).toEqual([PHONE_INVALID]);
    expect(messages(PhoneNumberSchema, '1234 5678')).toEqual([]);
    expect(messages(PhoneNumberSchema, '1'.repeat(16))).toEqual([PHONE_INVALID]);
  });
});

describe('signup (both steps)', () => {
  it('joins the two steps', () => {
    const signup = createSignupSchema(clock);
    expect(signup.parse({ email: 'a@b.mx', name: 'Ana', dateOfBirth: '2000-01-01', phoneNumber: '5512345678' })).toEqual({
      email: 'a@b.mx',
      name: 'Ana',
      dateOfBirth: '2000-01-01',
      phoneNumber: '5512345678',
    });
    expect(messages(signup, { email: 'x', name: 'Ana', dateOfBirth: '2020-01-01', phoneNumber: '1' })).toEqual([
      SIGNUP_EMAIL_INVALID,
      AGE_OUT_OF_RANGE,
      PHONE_INVALID,
    ]);
  });
});

describe('group forms', () => {
  it('invite needs an e-mail and an alias', () => {
    expect(GroupInviteSchema.parse({ affiliateEmail: ' Eva@Mail.com', affiliateAlias: ' Eva ' })).toEqual({
      affiliateEmail: 'eva@mail.com',
      affiliateAlias: 'Eva',
    });
    expect(messages(GroupInviteSchema, { affiliateEmail: '', affiliateAlias: '  ' })).toEqual([
      GROUP_INVITE_EMAIL_REQUIRED,
      GROUP_INVITE_ALIAS_REQUIRED,
    ]);
    expect(messages(GroupInviteSchema, { affiliateEmail: 'eva', affiliateAlias: 'Eva' })).toEqual([GROUP_EMAIL_INVALID]);
    expect(messages(GroupInviteSchema, { affiliateEmail: 'eva@mail.com', affiliateAlias: 'E'.repeat(61) })).toEqual([
      GROUP_INVITE_ALIAS_TOO_LONG,
    ]);
  });

  it('activation says "Ingresa un correo electrónico válido"', () => {
    expect(GroupActivationSchema.parse({ email: 'eva@mail.com' })).toEqual({ email: 'eva@mail.com' });
    expect(messages(GroupActivationSchema, { email: '' })).toEqual([GROUP_EMAIL_INVALID]);
    expect(messages(GroupActivationSchema, { email: 'eva@' })).toEqual([GROUP_EMAIL_INVALID]);
  });
});

describe('claim form', () => {
  const valid = { name: 'Ana López', email: 'ana@mail.com', dateOfBirth: '1999-03-10' };

  it('passes a complete form', () => {
    expect(validateClaimForm(valid, now)).toBeNull();
  });

  it('checks in the spec order and reports only the first failure', () => {
    expect(validateClaimForm({ name: ' ', email: '', dateOfBirth: '' }, now)).toBe(CLAIM_NAME_REQUIRED);
    expect(validateClaimForm({ ...valid, email: '', dateOfBirth: '' }, now)).toBe(CLAIM_EMAIL_REQUIRED);
    expect(validateClaimForm({ ...valid, email: 'ana@mail', dateOfBirth: '' }, now)).toBe(CLAIM_EMAIL_INVALID);
    expect(validateClaimForm({ ...valid, dateOfBirth: '' }, now)).toBe(CLAIM_BIRTH_DATE_REQUIRED);
    expect(validateClaimForm({ ...valid, dateOfBirth: '2026-06-16' }, now)).toBe(CLAIM_BIRTH_DATE_IN_FUTURE);
  });

  it('judges the future by the day in Mexico City, and a plausible age as signup does', () => {
    // Today is not in the future, but nobody born today plays: the age rule of signup applies.
    expect(validateClaimForm({ ...valid, dateOfBirth: '2026-06-15' }, now)).toBe(AGE_OUT_OF_RANGE);
    expect(validateClaimForm({ ...valid, dateOfBirth: '1905-06-15' }, now)).toBe(AGE_OUT_OF_RANGE);
    expect(validateClaimForm({ ...valid, dateOfBirth: '2013-06-15' }, now)).toBeNull();
    // 02:00 UTC on the 16th is still the 15th in Mexico City.
    expect(validateClaimForm({ ...valid, dateOfBirth: '2026-06-16' }, new Date('2026-06-16T02:00:00Z'))).toBe(CLAIM_BIRTH_DATE_IN_FUTURE);
  });

  it('treats a malformed birth date as missing, and names the field', () => {
    expect(claimFormIssue({ ...valid, dateOfBirth: '1999-02-30' }, now)).toEqual({
      field: 'dateOfBirth',
      message: CLAIM_BIRTH_DATE_REQUIRED,
    });
    expect(claimFormIssue({ ...valid, email: 'x' }, now)).toEqual({ field: 'email', message: CLAIM_EMAIL_INVALID });
    expect(claimFormIssue({ ...valid, name: 'A'.repeat(101) }, now)).toEqual({ field: 'name', message: NAME_TOO_LONG });
  });

  it('takes only a person’s name, as the profile does (the name opens the e-mail sent to the claimed address)', () => {
    for (const name of ['Tu cuenta fue suspendida. Reactivala en https://galeno-mx.example/login', 'Ana2', '<b>Ana</b>'])
      expect(claimFormIssue({ ...valid, name }, now), name).toEqual({ field: 'name', message: NAME_CHARACTERS_INVALID });
    expect(claimFormIssue({ ...valid, name: 'A' }, now)).toEqual({ field: 'name', message: NAME_TOO_SHORT });
    expect(claimFormIssue({ ...valid, name: ' María José O’Connor-Pérez ' }, now)).toBeNull();
    expect(createClaimFormSchema(clock).parse({ ...valid, name: " Ñuño   D'Ávila " }).name).toBe("Ñuño D'Ávila");
  });

  it('as a schema, gives exactly one issue and normalises the e-mail', () => {
    const schema = createClaimFormSchema(clock);
    expect(schema.parse({ ...valid, email: ' Ana@Mail.com ' })).toEqual(valid);
    const result = schema.safeParse({ name: '', email: '', dateOfBirth: '2030-01-01' });
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: CLAIM_NAME_REQUIRED });
  });
});
