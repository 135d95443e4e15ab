import { describe, it, expect } from 'vitest';
import * as timings from './timings.ts';

describe('timings', () => {
  it('holds the spec and decision values', () => {
    expect(timings).toMatchObject({
      TOKEN_REFRESH_MS: 870_000,
      PROFILE_CACHE_MS: 60_000,
      COPY_CONFIRMATION_MS: 2000,
      COUNTDOWN_TICK_MS: 1000,
      LOADING_DOTS_MS: 500,
      SIGNUP_NOTICE_MS: 4000,
      OTP_LENGTH: 6,
      OTP_TTL_MINUTES: 10,
      OTP_MAX_WRONG_TRIES: 5,
      OTP_MAX_REQUESTS_PER_WINDOW: 3,
      OTP_REQUEST_WINDOW_MINUTES: 10,
      KNOWLEDGE_LOGIN_MAX_FAILURES_PER_HOUR: 10,
      TRIALS_PER_DEVICE_PER_DAY: 3,
      NETWORK_DAILY_CEILING_DEFAULT: 60,
      TRIAL_GRADING_GRACE_SECONDS: 20,
      TRIAL_CARRY_HOURS: 24,
      SESSION_IDLE_DAYS: 7,
      SESSION_ABSOLUTE_DAYS: 30,
      CODE_INPUT_MAX: 10,
      STAFF_TABLE_DAYS: 14,
      RECENT_ACTIVITY_DAYS: 7,
      TOP_N: 5,
      RECENT_LIST: 50,
      AFFILIATE_RECENT_REGISTRATIONS: 30,
      DEFAULT_AFFILIATE_COMMISSION: 0.15,
    });
  });

  it('refreshes the session well before the idle timeout and the profile is at most a minute stale', () => {
    expect(timings.TOKEN_REFRESH_MS).toBeLessThan(timings.SESSION_IDLE_DAYS * 86_400_000);
    expect(timings.PROFILE_CACHE_MS).toBe(60 * 1000);
    expect(timings.OTP_LENGTH).toBeLessThanOrEqual(timings.CODE_INPUT_MAX);
  });
});
