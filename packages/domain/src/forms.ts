/**
 * Form rules and their Spanish messages (spec section 5). The page validates with these schemas and the
 * API contracts reuse them, so a value the page accepts is a value the server accepts, with the same words.
 * Messages marked "spec" are verbatim; the others cover cases the spec leaves silent (limits the server needs).
 */

import { z } from 'zod';
import { isIsoDateOnly, isoDateInMexicoCity } from './format.ts';
import { CODE_INPUT_MAX } from './timings.ts';

/**
 * A plain address and nothing else (the spec's "simple address pattern", made strict): one dot-atom local
 * part, one domain of at least two labels ending in a real top-level domain. No display name, comment,
 * quoted string, angle bracket, comma, semicolon or space, so a mailer can never read another recipient
 * into it (`"a@b.co" <evil@x.test>`, `a@b.co,evil@x.test`).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;
/** RFC 5321's limit on a local part. */
export const EMAIL_LOCAL_MAX = 64;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX = 254;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PHONE_MIN_DIGITS = 8;
/** E.164 numbers have at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;
export const MIN_AGE = 13;
export const MAX_AGE = 120;
export const ALIAS_MAX = 60;
export const AFFILIATE_ID_MAX = 64;

// Login (spec).
export const LOGIN_EMAIL_INVALID = 'Ingresa un correo válido';
export const OTP_CODE_REQUIRED = 'Ingresa el código que te enviamos';
export const OTP_CODE_TOO_LONG = `El código tiene como máximo ${CODE_INPUT_MAX} caracteres`;

// Signup step 1 (spec).
export const SIGNUP_EMAIL_REQUIRED = 'El email es requerido';
export const SIGNUP_EMAIL_INVALID = 'Ingresa un email válido';
export const NAME_REQUIRED = 'El nombre es requerido';
export const NAME_TOO_SHORT = 'El nombre debe tener al menos 2 caracteres';
export const NAME_TOO_LONG = `El nombre debe tener como máximo ${NAME_MAX} caracteres`;
/** The profile's name edit (issue 20): a name is letters, with spaces, apostrophes and hyphens between them. */
export const NAME_CHARACTERS_INVALID = 'El nombre solo puede tener letras, espacios, apóstrofos y guiones';

// Signup step 2 (spec), also used by the birth-date and phone logins.
export const DATE_OF_BIRTH_REQUIRED = 'La fecha de nacimiento es requerida';
export const DATE_OF_BIRTH_INVALID = 'Ingresa una fecha válida';
export const AGE_OUT_OF_RANGE = 'Debes tener entre 13 y 120 años';
export const PHONE_REQUIRED = 'El teléfono es requerido';
export const PHONE_INVALID = 'Ingresa un número válido';

// Discount claim form (spec), in the order they are checked.
export const CLAIM_NAME_REQUIRED = 'Por favor ingresa tu nombre.';
export const CLAIM_EMAIL_REQUIRED = 'Por favor ingresa tu email.';
export const CLAIM_EMAIL_INVALID = 'Por favor ingresa un email válido.';
export const CLAIM_BIRTH_DATE_REQUIRED = 'Por favor ingresa tu fecha de nacimiento.';
export const CLAIM_BIRTH_DATE_IN_FUTURE = 'La fecha de nacimiento no puede ser en el futuro.';

// Group invite and activation (the activation message is the spec's).
export const GROUP_EMAIL_INVALID = 'Ingresa un correo electrónico válido';
export const GROUP_INVITE_EMAIL_REQUIRED = 'Ingresa el correo de la persona invitada';
export const GROUP_INVITE_ALIAS_REQUIRED = 'Ingresa un alias';
export const GROUP_INVITE_ALIAS_TOO_LONG = `El alias debe tener como máximo ${ALIAS_MAX} caracteres`;

/** A clock, so schemas built once at start still judge ages against the current day. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** The phone field strips non-digits as the user types; the server stores and compares the digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** E-mail addresses are compared without case or surrounding spaces, so 'Ana@Mail.com ' finds 'ana@mail.com'. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isEmailShaped(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) && email.indexOf('@') <= EMAIL_LOCAL_MAX;
}

/** Trimmed, and at least one character; a missing field reads as an empty one. */
function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true });
}

/** The output is normalised (trimmed, lower case). */
function emailSchema(requiredMessage: string, invalidMessage: string) {
  return requiredString(requiredMessage)
    .max(EMAIL_MAX, { error: invalidMessage, abort: true })
    .refine(isEmailShaped, invalidMessage)
    .toLowerCase();
}

export const LoginEmailSchema = emailSchema(LOGIN_EMAIL_INVALID, LOGIN_EMAIL_INVALID);
export const SignupEmailSchema = emailSchema(SIGNUP_EMAIL_REQUIRED, SIGNUP_EMAIL_INVALID);
export const GroupEmailSchema = emailSchema(GROUP_EMAIL_INVALID, GROUP_EMAIL_INVALID);

export const OtpCodeSchema = requiredString(OTP_CODE_REQUIRED).max(CODE_INPUT_MAX, OTP_CODE_TOO_LONG);

/** Letters of any script (accents included), spaces, straight or curly apostrophes and hyphens. */
const NAME_PATTERN = /^[\p{L}\p{M}' ’-]+$/u;

/**
 * A person's name, at signup and in the profile (issue 20): 2 to 100 characters, runs of spaces folded into one, and only
 * the characters a name has (so «María José O’Connor-Pérez» passes and «Ana2», «<b>» or «Dr. Ana» do not).
 */
export const ProfileNameSchema = requiredString(NAME_REQUIRED)
  .overwrite((value) => value.replace(/ {2,}/g, ' '))
  .min(NAME_MIN, NAME_TOO_SHORT)
  .max(NAME_MAX, NAME_TOO_LONG)
  .regex(NAME_PATTERN, NAME_CHARACTERS_INVALID);

/** A date input's value, 'YYYY-MM-DD'. */
export const BirthdateSchema = requiredString(DATE_OF_BIRTH_REQUIRED).refine(isIsoDateOnly, { error: DATE_OF_BIRTH_INVALID, abort: true });

/** Trimmed, then reduced to its digits; 8 to 15 of them. */
export const PhoneNumberSchema = requiredString(PHONE_REQUIRED)
  .overwrite(digitsOnly)
  .min(PHONE_MIN_DIGITS, PHONE_INVALID)
  .max(PHONE_MAX_DIGITS, PHONE_INVALID);

/** Age by year difference, as the spec counts it, with the current year taken in Mexico City. */
export function ageByYear(dateOfBirth: string, now: Date): number {
  return Number(isoDateInMexicoCity(now).slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
}

export function isPlausibleAge(dateOfBirth: string, now: Date): boolean {
  const age = ageByYear(dateOfBirth, now);
  return age >= MIN_AGE && age <= MAX_AGE;
}

/** A birth date as signup, the birth-date login, claims and profile edits take it: a real date, age 13 to 120. */
export function createDateOfBirthSchema(clock: Clock = systemClock) {
  return BirthdateSchema.refine((value) => isPlausibleAge(value, clock()), { error: AGE_OUT_OF_RANGE });
}

export const LoginEmailFormSchema = z.object({ email: LoginEmailSchema });
export type LoginEmailForm = z.infer<typeof LoginEmailFormSchema>;

/** The name is a person's name, as the profile takes it: anyone can sign up any address, and the name is shown to its owner. */
export const SignupStep1Schema = z.object({ email: SignupEmailSchema, name: ProfileNameSchema });
export type SignupStep1 = z.infer<typeof SignupStep1Schema>;

export function createSignupStep2Schema(clock: Clock = systemClock) {
  return z.object({ dateOfBirth: createDateOfBirthSchema(clock), phoneNumber: PhoneNumberSchema });
}
export type SignupStep2 = z.infer<ReturnType<typeof createSignupStep2Schema>>;

/** Both steps together: what the signup request carries. */
export function createSignupSchema(clock: Clock = systemClock) {
  return SignupStep1Schema.extend(createSignupStep2Schema(clock).shape);
}
export type SignupForm = z.infer<ReturnType<typeof createSignupSchema>>;

export const GroupInviteSchema = z.object({
  affiliateEmail: emailSchema(GROUP_INVITE_EMAIL_REQUIRED, GROUP_EMAIL_INVALID),
  affiliateAlias: requiredString(GROUP_INVITE_ALIAS_REQUIRED).max(ALIAS_MAX, GROUP_INVITE_ALIAS_TOO_LONG),
});
export type GroupInvite = z.infer<typeof GroupInviteSchema>;

export const GroupActivationSchema = z.object({ email: GroupEmailSchema });

/** Any other address that enters the system (an affiliate's owner, staff): the same grammar, normalised. */
export function plainEmailSchema(message: string) {
  return emailSchema(message, message);
}
export type GroupActivation = z.infer<typeof GroupActivationSchema>;

export interface ClaimFormValues {
  name: string;
  email: string;
  dateOfBirth: string;
}

/** The first failing rule of the claim form, in the spec's order; the form shows only that one. */
export function claimFormIssue(values: ClaimFormValues, now: Date): { field: keyof ClaimFormValues; message: string } | null {
  const name = values.name.trim();
  if (name === '') return { field: 'name', message: CLAIM_NAME_REQUIRED };
  // The name opens the e-mail sent to the claimed address, which anyone can type: a person's name only, as the profile takes it.
  const nameIssue = ProfileNameSchema.safeParse(name).error?.issues[0];
  if (nameIssue) return { field: 'name', message: nameIssue.message };
  const email = values.email.trim();
  if (email === '') return { field: 'email', message: CLAIM_EMAIL_REQUIRED };
  if (!isEmailShaped(email)) return { field: 'email', message: CLAIM_EMAIL_INVALID };
  const dateOfBirth = values.dateOfBirth.trim();
  // A date input reports a half-typed date as empty, so a malformed one reads as missing too.
  if (!isIsoDateOnly(dateOfBirth)) return { field: 'dateOfBirth', message: CLAIM_BIRTH_DATE_REQUIRED };
  if (dateOfBirth > isoDateInMexicoCity(now)) return { field: 'dateOfBirth', message: CLAIM_BIRTH_DATE_IN_FUTURE };
  // Every birth date that enters the system is a plausible one, judged as signup judges it.
  if (!isPlausibleAge(dateOfBirth, now)) return { field: 'dateOfBirth', message: AGE_OUT_OF_RANGE };
  return null;
}

export function validateClaimForm(values: ClaimFormValues, now: Date): string | null {
  return claimFormIssue(values, now)?.message ?? null;
}

/** The claim form as a schema with exactly one issue at most; the output e-mail is normalised. */
export function createClaimFormSchema(clock: Clock = systemClock) {
  return z
    .object({
      name: z
        .string({ error: CLAIM_NAME_REQUIRED })
        .trim()
        .overwrite((value) => value.replace(/ {2,}/g, ' ')),
      email: z.string({ error: CLAIM_EMAIL_REQUIRED }).trim().toLowerCase(),
      dateOfBirth: z.string({ error: CLAIM_BIRTH_DATE_REQUIRED }).trim(),
    })
    .superRefine((values, context) => {
      const issue = claimFormIssue(values, clock());
      if (issue) context.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
    });
}

/** The first message of each field, for showing one error under each input. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
