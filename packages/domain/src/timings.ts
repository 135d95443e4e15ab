/** Timings and limits shared by the server and the page: spec section 9 and the decisions page. */

/** The client refreshes its session every 14.5 minutes. */
export const TOKEN_REFRESH_MS = 870_000;
/** The profile (and so the membership) is never more than a minute stale (issue 20; the spec's 24 hours invited paying twice). */
export const PROFILE_CACHE_MS = 60_000;
/** 'Copiado al portapapeles' stays for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;
/** Countdowns (membership, trial) update every second. */
export const COUNTDOWN_TICK_MS = 1000;
/** The 'Cargando...' dots move every 500 ms. */
export const LOADING_DOTS_MS = 500;
/** The signup step-2 notice animates for 4 seconds. */
export const SIGNUP_NOTICE_MS = 4000;

/** One-time login codes (decisions: Accounts and sessions). */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
/**
 * The budgets are per network (an IPv4 address or an IPv6 /64) and account, under a higher ceiling per account, so a
 * stranger who spends one network's budget never stops the owner on another (security review F2).
 */
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_MAX_WRONG_TRIES_PER_CODE = 10;
export const OTP_MAX_REQUESTS_PER_WINDOW = 3;
export const OTP_MAX_ACCOUNT_REQUESTS_PER_WINDOW = 6;
export const OTP_REQUEST_WINDOW_MINUTES = 10;

/** Birth-date and phone logins: a failure budget per network and account per hour, and a ceiling per account; the code login is not blocked. */
export const KNOWLEDGE_LOGIN_MAX_FAILURES_PER_HOUR = 10;
export const KNOWLEDGE_LOGIN_MAX_ACCOUNT_FAILURES_PER_HOUR = 30;
/**
 * The trial and the public discount quiz count per device (a first-party cookie), so classmates behind one
 * hospital or university address each get their own; a network has a much looser daily ceiling against abuse
 * (decision 019; the server's NETWORK_DAILY_CEILING).
 */
export const TRIALS_PER_DEVICE_PER_DAY = 3;
export const NETWORK_DAILY_CEILING_DEFAULT = 60;
/** A trial's last answer, sent as its time runs out, is still graded this many seconds after the end. */
export const TRIAL_GRADING_GRACE_SECONDS = 20;
/**
 * An account's case on screen when its access ends (free hours, a plan) is still graded this many minutes after the end
 * (issue 35, N7): the verdict first, then the offer. Nothing new is served meanwhile.
 */
export const ACCOUNT_GRADING_GRACE_MINUTES = 10;
/** A trial's answers can be carried into an account created on the same device within this many hours. */
export const TRIAL_CARRY_HOURS = 24;
/** A membership is personal (issue 20): signing in on a third device ends the oldest of the other two. */
export const MAX_SIGNED_IN_DEVICES = 2;
export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;

/** The code field accepts at most 10 characters. */
export const CODE_INPUT_MAX = 10;

/** Staff and affiliate dashboards. */
export const STAFF_TABLE_DAYS = 14;
export const RECENT_ACTIVITY_DAYS = 7;
export const TOP_N = 5;
export const RECENT_LIST = 50;
export const AFFILIATE_RECENT_REGISTRATIONS = 30;
/** An affiliate earns 15% of what its referred users pay unless staff set another rate. */
export const DEFAULT_AFFILIATE_COMMISSION = 0.15;

/**
 * Flashcards graded offline (issue 41) are sent with when they were given: the server takes a grade up to this old
 * (a pasante without signal for weeks), and never one from further ahead than a phone's clock can drift.
 */
export const OFFLINE_GRADE_MAX_AGE_DAYS = 30;
export const OFFLINE_GRADE_CLOCK_SKEW_MS = 5 * 60_000;
