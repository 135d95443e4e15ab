import { describe, it, expect, expectTypeOf } from 'vitest';
import type { Timestamp as DomainTimestamp } from '../membership.ts';
import { ProfileResponseSchema, toSubscriptionInfo, UpdateSpecialityBodySchema } from './profile.ts';

const fallbackLogin = { dateOfBirth: '1997-06-01', phoneNumber: '5511223344', confirmed: false };
const studySettings = { newCardsPerDay: 20 };
import type { Timestamp } from './profile.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('profile contracts', () => {
  it('map a stored membership to the wire, with payment modes spelled as profile modes', () => {
    const info = toSubscriptionInfo(
      {
        subscriptionType: 'monthly',
        membershipMode: 'single',
        startDate: new Date('2026-03-01T00:00:00Z'),
        endDate: new Date('2026-09-01T00:00:00Z'),
      },
      now,
    );
    expect(info).toEqual({
      subscriptionType: 'monthly',
      membershipMode: 'individual',
      membershipStartDate: { _seconds: 1_772_323_200, _nanoseconds: 0 },
      membershipEndDate: { _seconds: 1_788_220_800, _nanoseconds: 0 },
      daysLeft: 175,
    });
    expect(
      ProfileResponseSchema.parse({ speciality: null, subscriptionInfo: info, fallbackLogin, studySettings }).subscriptionInfo,
    ).toEqual(info);
  });

  it('send lifetime as a null end and null daysLeft', () => {
    const info = toSubscriptionInfo({ subscriptionType: 'lifetime', membershipMode: 'group', startDate: now, endDate: null }, now);
    expect(info).toMatchObject({ membershipMode: 'group', membershipEndDate: null, daysLeft: null });
    expect(ProfileResponseSchema.safeParse({ speciality: 'Pediatría', subscriptionInfo: info, fallbackLogin, studySettings }).success).toBe(
      true,
    );
  });

  it('reject the payment spelling of the mode on the wire', () => {
    const info = toSubscriptionInfo({ subscriptionType: 'free', membershipMode: 'individual', startDate: now, endDate: now }, now);
    expect(info.daysLeft).toBe(0);
    expect(
      ProfileResponseSchema.safeParse({
        speciality: null,
        subscriptionInfo: { ...info, membershipMode: 'single' },
        fallbackLogin,
        studySettings,
      }).success,
    ).toBe(false);
  });

  it('accept only a listed speciality', () => {
    expect(UpdateSpecialityBodySchema.safeParse({ speciality: 'Medicina Interna' }).success).toBe(true);
    expect(UpdateSpecialityBodySchema.safeParse({ speciality: 'Cardiología' }).success).toBe(false);
  });

  it('share the timestamp shape with membership.ts', () => {
    expectTypeOf<Timestamp>().toEqualTypeOf<DomainTimestamp>();
  });
});
