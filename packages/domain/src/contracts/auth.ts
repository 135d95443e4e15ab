/** /api/staggered-auth: e-mail code, birth-date, phone and trial logins, signup, refresh and logout. */

import { z } from 'zod';
import {
  AFFILIATE_ID_MAX,
  createDateOfBirthSchema,
  createSignupSchema,
  LoginEmailSchema,
  OtpCodeSchema,
  PhoneNumberSchema,
} from '../forms.ts';
import { SuccessSchema } from './common.ts';
import type { ContractTable } from './route-contract.ts';
import type { authRoutes } from '../api-routes/auth.ts';

/**
 * `id` is 'TRIAL' for a trial session; `isTrial` saves clients from comparing it themselves.
 * `trialEndsAt` (ISO 8601) is when the server ends a trial session, so the countdown matches the server.
 */
export const AuthUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isTrial: z.boolean(),
  trialEndsAt: z.iso.datetime().nullable(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** user/me, login/otp, login/birthdate, login/phone-number and login/trial-period. */
export const AuthUserResponseSchema = z.object({
  authUser: AuthUserSchema,
  /** A sign-in that ended the account's oldest session elsewhere: at most MAX_SIGNED_IN_DEVICES at once (issue 20). */
  endedOtherSession: z.boolean().optional(),
});
export type AuthUserResponse = z.infer<typeof AuthUserResponseSchema>;

/** GET trial/summary: what this device's last trial answered, for its end sheet (issue 19). */
export const TrialSummarySchema = z.object({ answered: z.number().int().nonnegative(), correct: z.number().int().nonnegative() });
export type TrialSummary = z.infer<typeof TrialSummarySchema>;

export const EmailBodySchema = z.object({ email: LoginEmailSchema });
export type EmailBody = z.infer<typeof EmailBodySchema>;

/** POST user/exists. */
export const UserExistsBodySchema = EmailBodySchema;
export type UserExistsBody = EmailBody;
/** `fallbackLogin`: as in request-otp, for the login page when no new code can be sent. */
export const UserExistsResponseSchema = z.object({ exists: z.boolean(), fallbackLogin: z.boolean() });
export type UserExistsResponse = z.infer<typeof UserExistsResponseSchema>;

/** POST request-otp. `fallbackLogin`: whether this address can enter with its birth date and phone (ux N11). */
export const RequestOtpBodySchema = EmailBodySchema;
export type RequestOtpBody = EmailBody;
export const RequestOtpResponseSchema = SuccessSchema.extend({ fallbackLogin: z.boolean() });
export type RequestOtpResponse = z.infer<typeof RequestOtpResponseSchema>;

/** POST login/otp (alias login/opt). */
export const LoginOtpBodySchema = z.object({ email: LoginEmailSchema, otpCode: OtpCodeSchema });
export type LoginOtpBody = z.infer<typeof LoginOtpBodySchema>;

/** POST not-me: the signed link of a login notice (issue 20). */
export const NotMeBodySchema = z.object({ u: z.uuid(), t: z.string().regex(/^\d{1,16}$/), s: z.string().min(10).max(100) });
export type NotMeBody = z.infer<typeof NotMeBodySchema>;

/** POST account/delete: the code e-mailed by account/delete-code (issue 20). */
export const DeleteAccountBodySchema = z.object({ otpCode: OtpCodeSchema });

/**
 * POST login/birthdate and login/phone-number: the login without a code takes the birth date ('YYYY-MM-DD') and the
 * phone (compared as a number, whatever its spelling) together, at either path (ux N11).
 */
export const FallbackLoginBodySchema = z.object({
  email: LoginEmailSchema,
  birthdate: createDateOfBirthSchema(),
  phoneNumber: PhoneNumberSchema,
});
export type FallbackLoginBody = z.infer<typeof FallbackLoginBodySchema>;

/**
 * POST user/signup: the page's two steps plus the referring affiliate's short id.
 * Built on the real clock, so the server judges the age rule against today.
 */
/** Said under the consent checkbox when it is left unticked. */
export const PRIVACY_CONSENT_REQUIRED = 'Para crear tu cuenta, acepta el aviso de privacidad y los términos.';

export const SignupBodySchema = createSignupSchema().extend({
  affiliateId: z.string().trim().min(1).max(AFFILIATE_ID_MAX).optional(),
  /** Created from the trial's end sheet: the trial's answers on this device go into the new account. */
  keepTrialAnswers: z.boolean().optional(),
  /** The aviso de privacidad and the terms, accepted (issue 20): recorded with the date and the notice's version. */
  acceptsPrivacyNotice: z.literal(true, { error: PRIVACY_CONSENT_REQUIRED }),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;
export type SignupBodyInput = z.input<typeof SignupBodySchema>;

export const SignupResponseSchema = z.object({ authData: z.object({ authUser: AuthUserSchema }) });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** GET token/refresh: success false means the session is over and the client logs out. */
export const TokenRefreshResponseSchema = SuccessSchema.extend({
  /** Why a session is over, when the server knows: another device signed in (issue 20). */
  reason: z.enum(['device_limit']).optional(),
  /**
   * On success, who is signed in (what user/me answers): the app opens with one round trip instead of two, which on a
   * phone's slow network is a few hundred milliseconds before the first screen (issue 41).
   */
  authUser: AuthUserSchema.optional(),
});
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponseSchema>;
/** POST logout: the client logs out only when the server reports success. */
export const LogoutResponseSchema = SuccessSchema;

/** What each route of the auth area takes and answers (the route manifest, issue 36). */
export const authApi = {
  refreshToken: { response: TokenRefreshResponseSchema },
  me: { response: AuthUserResponseSchema },
  userExists: { body: UserExistsBodySchema, response: UserExistsResponseSchema },
  requestOtp: { body: RequestOtpBodySchema, response: RequestOtpResponseSchema },
  loginWithOtp: { body: LoginOtpBodySchema, response: AuthUserResponseSchema },
  loginWithBirthdate: { body: FallbackLoginBodySchema, response: AuthUserResponseSchema },
  loginWithPhoneNumber: { body: FallbackLoginBodySchema, response: AuthUserResponseSchema },
  startTrial: { response: AuthUserResponseSchema },
  trialSummary: { response: TrialSummarySchema },
  signup: { body: SignupBodySchema, response: SignupResponseSchema },
  reportNotMe: { body: NotMeBodySchema, response: SuccessSchema },
  requestDeleteCode: { response: SuccessSchema },
  deleteAccount: { body: DeleteAccountBodySchema, response: SuccessSchema },
  logoutEverywhere: { response: LogoutResponseSchema },
  logout: { response: LogoutResponseSchema },
} satisfies ContractTable<typeof authRoutes>;
