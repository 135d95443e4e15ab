/** /api/user: the profile and the speciality choice. */

import { z } from 'zod';
import { daysLeftOrNull, PROFILE_MEMBERSHIP_MODES, toProfileMode, toTimestamp } from '../membership.ts';
import type { ProfileMembershipMode } from '../membership.ts';
import { SUBSCRIPTION_TYPES } from '../plans.ts';
import type { MembershipMode, SubscriptionType } from '../plans.ts';
import { SPECIALITIES } from '../specialities.ts';
import { SuccessSchema } from './common.ts';
import {
  createDateOfBirthSchema,
  createSignupStep2Schema,
  OtpCodeSchema,
  PhoneNumberSchema,
  ProfileNameSchema,
  type Clock,
} from '../forms.ts';
import type { ContractTable } from './route-contract.ts';
import type { profileRoutes } from '../api-routes/profile.ts';

/** Dates travel as the spec's `{ _seconds, _nanoseconds }`; see toTimestamp / fromTimestamp. */
export const TimestampSchema = z.object({
  _seconds: z.number().int(),
  _nanoseconds: z.number().int().min(0).max(999_999_999),
});
export type Timestamp = z.infer<typeof TimestampSchema>;

/**
 * The profile spells the modes individual/group; payments spell them single/group.
 * A null end date and a null daysLeft both mean lifetime (no countdown).
 */
export const SubscriptionInfoSchema = z.object({
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  membershipMode: z.enum(PROFILE_MEMBERSHIP_MODES),
  membershipStartDate: TimestampSchema,
  membershipEndDate: TimestampSchema.nullable(),
  daysLeft: z.number().int().nonnegative().nullable(),
  /** A free account whose hours have not started: they start with its first answer (the end date is a hold). */
  freeHoursPending: z.boolean().optional(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfoSchema>;

/**
 * The birth date and phone that can stand in for the e-mailed code. `confirmed` is false until the owner,
 * signed in, confirms them (decision 010): data typed at signup proves nothing about who typed it.
 */
export const FallbackLoginSchema = z.object({ dateOfBirth: z.string(), phoneNumber: z.string(), confirmed: z.boolean() });
export type FallbackLogin = z.infer<typeof FallbackLoginSchema>;

/** GET /user/profile. The speciality is free text here so an old stored value never breaks the page. */
/** New flashcards a day the study sessions introduce: 0 pauses new cards, at most 200. */
export const NEW_CARDS_PER_DAY_MAX = 200;
export const StudySettingsSchema = z.object({
  newCardsPerDay: z
    .number({ error: 'Escribe un número de tarjetas nuevas al día.' })
    .int('Escribe un número entero de tarjetas.')
    .min(0, 'El mínimo es 0 tarjetas nuevas al día.')
    .max(NEW_CARDS_PER_DAY_MAX, `El máximo es ${NEW_CARDS_PER_DAY_MAX} tarjetas nuevas al día.`),
});
export type StudySettings = z.infer<typeof StudySettingsSchema>;

/** The ENARM years a student can aim at: this one and the next four. */
export const EXAM_YEAR_MIN = 2026;
export const EXAM_YEAR_MAX = 2035;
export const ExamYearBodySchema = z.object({
  examYear: z
    .number({ error: 'Elige el año de tu examen.' })
    .int()
    .min(EXAM_YEAR_MIN, { error: 'Elige el año de tu examen.' })
    .max(EXAM_YEAR_MAX, { error: 'Elige el año de tu examen.' })
    .nullable(),
});
export type ExamYearBody = z.infer<typeof ExamYearBodySchema>;

export const ProfileResponseSchema = z.object({
  speciality: z.string().nullable(),
  /** The ENARM the student prepares for, once they said. */
  examYear: z.number().int().nullable().default(null),
  subscriptionInfo: SubscriptionInfoSchema,
  fallbackLogin: FallbackLoginSchema,
  studySettings: StudySettingsSchema,
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** PATCH /user/update-speciality. */
export const UpdateSpecialityBodySchema = z.object({ speciality: z.enum(SPECIALITIES) });
export type UpdateSpecialityBody = z.infer<typeof UpdateSpecialityBodySchema>;
export const UpdateSpecialityResponseSchema = SuccessSchema;

/**
 * PUT /user/fallback-login: confirm the birth date and phone as a way in, with signup's rules. Since issue 20 it
 * only confirms the values already stored: a different birth date or phone is a change of a login factor and is
 * refused with LOGIN_DATA_CODE_REQUIRED (it goes through PUT /user/login-data, with an e-mailed code).
 */
export function createFallbackLoginBodySchema(clock?: Clock) {
  return createSignupStep2Schema(clock);
}
export const FallbackLoginBodySchema = createFallbackLoginBodySchema();
export type FallbackLoginBody = z.infer<typeof FallbackLoginBodySchema>;
export const FallbackLoginResponseSchema = z.object({ fallbackLogin: FallbackLoginSchema });

/** PUT /user/name (issue 20): the name is the student's to change, no code needed. */
export const UpdateNameBodySchema = z.object({ name: ProfileNameSchema });
export type UpdateNameBody = z.infer<typeof UpdateNameBodySchema>;
export const UpdateNameResponseSchema = z.object({ name: z.string() });
export type UpdateNameResponse = z.infer<typeof UpdateNameResponseSchema>;

/** Said when a login-data change carries neither a birth date nor a phone. */
export const LOGIN_DATA_NOTHING_TO_CHANGE = 'Escribe la fecha de nacimiento o el teléfono que quieres guardar.';

/**
 * PUT /user/login-data (issue 20): a new birth date and/or phone, with the code POST /user/login-data/code e-mailed
 * to the account. They are login factors, so changing them takes the code; on success they are also confirmed.
 */
export function createLoginDataBodySchema(clock?: Clock) {
  return z
    .object({
      dateOfBirth: createDateOfBirthSchema(clock).optional(),
      phoneNumber: PhoneNumberSchema.optional(),
      code: OtpCodeSchema,
    })
    .refine((body) => body.dateOfBirth !== undefined || body.phoneNumber !== undefined, {
      error: LOGIN_DATA_NOTHING_TO_CHANGE,
      path: ['dateOfBirth'],
    });
}
export const LoginDataBodySchema = createLoginDataBodySchema();
export type LoginDataBody = z.infer<typeof LoginDataBodySchema>;
export const LoginDataResponseSchema = FallbackLoginResponseSchema;
export type LoginDataResponse = z.infer<typeof LoginDataResponseSchema>;

/** The one mapping from stored membership fields to the wire, so daysLeft and the mode spelling never drift. */
export function toSubscriptionInfo(
  membership: {
    subscriptionType: SubscriptionType;
    membershipMode: MembershipMode | ProfileMembershipMode;
    startDate: Date;
    endDate: Date | null;
    /** Free accounts: when their hours started, or null while they wait for the first answer. */
    freeHoursStartedAt?: Date | null;
  },
  now: Date,
): SubscriptionInfo {
  const pending = membership.subscriptionType === 'free' && membership.freeHoursStartedAt === null;
  return {
    ...(pending ? { freeHoursPending: true } : {}),
    subscriptionType: membership.subscriptionType,
    membershipMode: toProfileMode(membership.membershipMode),
    membershipStartDate: toTimestamp(membership.startDate),
    membershipEndDate: membership.endDate === null ? null : toTimestamp(membership.endDate),
    daysLeft: daysLeftOrNull(membership.endDate, now),
  };
}

/** What each route of the profile area takes and answers (the route manifest, issue 36). */
export const profileApi = {
  profile: { response: ProfileResponseSchema },
  /** A JSON file to download, not a JSON answer: no response schema. */
  exportData: {},
  saveStudySettings: { body: StudySettingsSchema, response: StudySettingsSchema },
  confirmFallbackLogin: { body: FallbackLoginBodySchema, response: FallbackLoginResponseSchema },
  updateName: { body: UpdateNameBodySchema, response: UpdateNameResponseSchema },
  requestLoginDataCode: { response: SuccessSchema },
  changeLoginData: { body: LoginDataBodySchema, response: LoginDataResponseSchema },
  saveExamYear: { body: ExamYearBodySchema, response: ExamYearBodySchema },
  updateSpeciality: { body: UpdateSpecialityBodySchema, response: UpdateSpecialityResponseSchema },
} satisfies ContractTable<typeof profileRoutes>;
