import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthUser, SignupBody } from '@galeno/domain/contracts/auth';
import { digitsOnly, normalizeEmail } from '@galeno/domain/forms';
import { freeHoursHold, TRIAL_USER_ID } from '@galeno/domain/membership';
import {
  KNOWLEDGE_LOGIN_MAX_ACCOUNT_FAILURES_PER_HOUR,
  KNOWLEDGE_LOGIN_MAX_FAILURES_PER_HOUR,
  OTP_LENGTH,
  OTP_MAX_ACCOUNT_REQUESTS_PER_WINDOW,
  OTP_MAX_REQUESTS_PER_WINDOW,
  OTP_MAX_WRONG_TRIES,
  OTP_MAX_WRONG_TRIES_PER_CODE,
  OTP_REQUEST_WINDOW_MINUTES,
  OTP_TTL_MINUTES,
  TRIALS_PER_DEVICE_PER_DAY,
} from '@galeno/domain/timings';
import { MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { loginFailures, otpCodes, sessions } from '../../db/schema/auth.ts';
import { users, type User } from '../../db/schema/users.ts';
import { AppError, tooManyRequests } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { enqueueMail, type OutboxWorker } from '../../mail/outbox.ts';
import {
  deleteAccountCodeEmail,
  knowledgeLoginNoticeEmail,
  loginCodeEmail,
  loginDataCodeEmail,
  signupConfirmationEmail,
} from '../../mail/templates.ts';
import { createSession, revokeOtherSessions, revokeUserSessions } from './sessions.ts';
import { carryTrialAnswers } from './trial-carry.ts';
import { notMeUrl } from './not-me.ts';
import { PRIVACY_NOTICE_VERSION } from '@galeno/domain/contracts/legal';
import { samePhone } from '../../lib/phone.ts';
import { attachClaimedDiscounts } from '../discount-quiz/service.ts';
import { findAffiliate } from '../affiliates/service.ts';
import { loggable } from '../../plugins/error-handler.ts';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  /** Woken after a commit that wrote an e-mail into the outbox. */
  outbox: Pick<OutboxWorker, 'deliver'>;
  config: Config;
  log: FastifyBaseLogger;
}

const MINUTE_MS = 60_000;

export const AUTH_MESSAGES = {
  codeLoginRequired:
    'Por seguridad, entra con el código que enviamos a tu correo. Para entrar con tu fecha de nacimiento o tu teléfono, primero confírmalos en Mi Perfil.',
  unregistered: 'Este correo aun no está registrado, por favor registrate para poder iniciar sesión',
  sendFailed: 'Error al enviar el código. Intenta nuevamente.',
  /** Says until when, and the ways in that need no new code (issue 19: the login never dead-ends). */
  tooManyCodes: (until: string) =>
    `Ya pediste ${OTP_MAX_REQUESTS_PER_WINDOW} códigos en los últimos ${OTP_REQUEST_WINDOW_MINUTES} minutos. Podrás pedir otro a las ${until}. Mientras tanto, usa el último código que te enviamos o entra con tu fecha de nacimiento y tu teléfono.`,
  /** The same per-account budget, asked from the profile (deleting the account, changing the login data). */
  tooManyAccountCodes: (until: string) =>
    `Ya pediste ${OTP_MAX_REQUESTS_PER_WINDOW} códigos en los últimos ${OTP_REQUEST_WINDOW_MINUTES} minutos. Podrás pedir otro a las ${until}. Mientras tanto, usa el último código que te enviamos.`,
  /** Codes asked for the account from several networks: the owner is not told they asked for them all. */
  accountCodeCeiling: (until: string, fallback: boolean) =>
    `Se pidieron demasiados códigos para esta cuenta en los últimos ${OTP_REQUEST_WINDOW_MINUTES} minutos. Podrás pedir otro a las ${until}. Mientras tanto, usa el último código que te enviamos${fallback ? ' o entra con tu fecha de nacimiento y tu teléfono' : ''}.`,
  codeWrong: 'El código es incorrecto. Revísalo e intenta nuevamente.',
  codeExpired: 'El código ya no es válido. Solicita uno nuevo.',
  codeLocked: 'Demasiados intentos con este código. Solicita uno nuevo.',
  /** The pair was refused; which value was wrong is not said (ux N11), so the spec's one-value texts are joined. */
  fallbackWrong:
    'Fecha de nacimiento o teléfono incorrectos. Los datos ingresados no coinciden con nuestros registros. Por favor, verifica e intenta nuevamente.',
  knowledgeLocked: 'Demasiados intentos fallidos. Por seguridad, entra con el código que enviamos a tu correo.',
  trialLimit: `Ya usaste la prueba gratuita ${TRIALS_PER_DEVICE_PER_DAY} veces hoy en este dispositivo. Crea tu cuenta gratis para seguir estudiando.`,
  trialNetworkLimit: 'Se alcanzó el límite de pruebas en esta red por hoy. Crea tu cuenta gratis para seguir estudiando.',
  emailTaken: 'Este correo ya está registrado. Inicia sesión con tu correo.',
  loginDataCodeRequired:
    'Para cambiar tu fecha de nacimiento o tu teléfono necesitas el código que te enviamos a tu correo. Cámbialos en «Tus datos» de Mi Perfil.',
} as const;

/**
 * What a code was e-mailed for. otp_codes has no purpose column: the purpose is keyed into the code's HMAC
 * instead (hashCode), so a code sent to delete the account or to change the login data cannot open a session,
 * and a login code cannot delete the account or change the login data. Besides that, only the account's latest
 * code is alive (a new request of any purpose supersedes the previous one).
 */
export type CodePurpose = 'login' | 'delete-account' | 'login-data';

const CODE_EMAILS = { login: loginCodeEmail, 'delete-account': deleteAccountCodeEmail, 'login-data': loginDataCodeEmail } as const;

export function toAuthUser(user: User | null, appName: string, trialEndsAt: Date | null = null): AuthUser {
  if (!user)
    return { id: TRIAL_USER_ID, name: `Alumno de ${appName}`, email: '', isTrial: true, trialEndsAt: trialEndsAt?.toISOString() ?? null };
  return { id: user.id, name: user.name || `Alumno de ${appName}`, email: user.email, isTrial: false, trialEndsAt: null };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

async function requireUserByEmail(db: Db, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('USER_NOT_FOUND', 404, AUTH_MESSAGES.unregistered);
  return user;
}

/**
 * Codes have only 10^6 values: they are keyed with the server secret, the account and (but for login codes,
 * whose form predates purposes) what they were sent for, never stored plain.
 */
function hashCode(secret: string, userId: string, code: string, purpose: CodePurpose = 'login'): string {
  const scope = purpose === 'login' ? userId : `${userId}:${purpose}`;
  return createHmac('sha256', secret).update(`${scope}:${code}`).digest('base64url');
}

function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether the account ever signed in on this device (a session of it, live or ended, carries the device's key). */
async function signedInOn(db: Db, userId: string, deviceKey: string | null): Promise<boolean> {
  if (!deviceKey) return false;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceKey, deviceKey), eq(sessions.isTrial, false)))
    .limit(1);
  return row !== undefined;
}

/** When the next code can be asked for: once the `max`-th newest of the window's codes leaves the window. */
function nextCodeAt(createdAt: Date[], max: number): Date | null {
  if (createdAt.length < max) return null;
  const sorted = [...createdAt].sort((a, b) => a.getTime() - b.getTime());
  return new Date(sorted[sorted.length - max]!.getTime() + OTP_REQUEST_WINDOW_MINUTES * MINUTE_MS);
}

/**
 * E-mails a new code (superseding the previous one). At most OTP_MAX_REQUESTS_PER_WINDOW codes per network and
 * account in the window, and OTP_MAX_ACCOUNT_REQUESTS_PER_WINDOW per account from every network: a stranger who
 * asks for codes from one network spends only that network's budget (security review F2). `network` is the keyed
 * hash of the client's network (rate-limit-key.ts); null for a caller that does not say, counted as one network.
 * A device the account signed in on before (`deviceKey`, plugins/device.ts) is held to its network's budget only, so
 * strangers spending the account's ceiling from many networks never keep the owner's own phone out.
 */
export async function requestOtp(
  deps: AuthDeps,
  email: string,
  now = new Date(),
  purpose: CodePurpose = 'login',
  network: string | null = null,
  deviceKey: string | null = null,
): Promise<void> {
  const { db, config } = deps;
  const user = await requireUserByEmail(db, email);
  const windowStart = new Date(now.getTime() - OTP_REQUEST_WINDOW_MINUTES * MINUTE_MS);
  const recent = await db
    .select({ createdAt: otpCodes.createdAt, network: otpCodes.networkHash })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, user.id), gt(otpCodes.createdAt, windowStart)));
  const untilHere = nextCodeAt(
    recent.filter((row) => row.network === network).map((row) => row.createdAt),
    OTP_MAX_REQUESTS_PER_WINDOW,
  );
  const untilAnywhere = (await signedInOn(db, user.id, deviceKey))
    ? null
    : nextCodeAt(
        recent.map((row) => row.createdAt),
        OTP_MAX_ACCOUNT_REQUESTS_PER_WINDOW,
      );
  const until = untilHere ?? untilAnywhere;
  if (until) {
    const clock = new Intl.DateTimeFormat('es-MX', { timeStyle: 'short', timeZone: MEXICO_CITY_TIME_ZONE }).format(until);
    // The birth date and phone are mentioned only to an account that can use them (ux N11); "you asked 3" only to
    // the network that did.
    const fallback = purpose === 'login' && canUseFallbackLogin(user, config.STAFF_EMAILS);
    const message = untilHere
      ? fallback
        ? AUTH_MESSAGES.tooManyCodes(clock)
        : AUTH_MESSAGES.tooManyAccountCodes(clock)
      : AUTH_MESSAGES.accountCodeCeiling(clock, fallback);
    throw tooManyRequests(message, 'OTP_REQUEST_LIMIT');
  }

  const code = newOtpCode();
  // Send first, then store: a failed send leaves the previous code working and nothing half-done.
  try {
    const brand = { appName: config.APP_NAME, appOrigin: config.APP_ORIGIN };
    await deps.mailer.send(CODE_EMAILS[purpose](brand, user.email, code, OTP_TTL_MINUTES));
  } catch (error) {
    deps.log.error(loggable(error), 'login code e-mail failed');
    throw new AppError('EMAIL_SEND_FAILED', 502, AUTH_MESSAGES.sendFailed);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ supersededAt: now })
      .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt), isNull(otpCodes.supersededAt)));
    await tx.insert(otpCodes).values({
      userId: user.id,
      codeHash: hashCode(config.APP_SECRET, user.id, code, purpose),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS),
      networkHash: network,
    });
  });
}

async function recordFailure(db: Db, userId: string, method: 'otp' | 'birthdate' | 'phone', network: string | null, now: Date) {
  await db.insert(loginFailures).values({ userId, method, networkHash: network, createdAt: now });
}

/** The failures recorded for this account from this network (null: the callers that did not say). */
function fromNetwork(network: string | null) {
  return network === null ? isNull(loginFailures.networkHash) : eq(loginFailures.networkHash, network);
}

export async function loginWithOtp(
  deps: AuthDeps,
  email: string,
  otpCode: string,
  now = new Date(),
  client: { network?: string | null; deviceKey?: string | null } = {},
): Promise<User> {
  const { db } = deps;
  const user = await requireUserByEmail(db, email);
  await consumeOtp(deps, user, otpCode, now, 'login', client.network ?? null);
  if (!user.verified) {
    // The first code login proves the address. Whoever held the account before that proved nothing: every
    // earlier session ends, and the birth date and phone typed at signup stay unconfirmed (they open nothing
    // until the owner confirms them in the profile, which shows them). What was claimed publicly with the address
    // is now theirs. An affiliate chosen at signup stays only if this login comes from the device that signed up:
    // anyone can sign up someone else's address with their own affiliate link (security review F5).
    const sameDevice = user.signupDeviceKey !== null && user.signupDeviceKey === (client.deviceKey ?? null);
    const proved = {
      verified: now,
      fallbackConfirmedAt: null,
      signupDeviceKey: null,
      affiliateShortId: sameDevice ? user.affiliateShortId : null,
    };
    await db.transaction(async (tx) => {
      await tx.update(users).set(proved).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, now);
    });
    await attachClaimedDiscounts(db, user.id, user.email);
    return { ...user, ...proved };
  }
  return user;
}

/**
 * Checks the account's latest code and uses it up: single use, refused once expired, and at most
 * OTP_MAX_WRONG_TRIES wrong tries from one network (OTP_MAX_WRONG_TRIES_PER_CODE from all): a code a stranger failed
 * from one network still works for the owner on another (security review F2). A code sent for another purpose is a
 * wrong code (and spends a try). Judged in one transaction that locks the code's row, so parallel guesses queue.
 */
export async function consumeOtp(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  user: User,
  otpCode: string,
  now = new Date(),
  purpose: CodePurpose = 'login',
  network: string | null = null,
): Promise<void> {
  const { db, config } = deps;
  const verdict = await db.transaction(async (txn): Promise<'ok' | 'wrong' | 'locked' | 'expired'> => {
    const tx = txn as unknown as Db;
    const [code] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.usedAt), isNull(otpCodes.supersededAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!code || code.expiresAt <= now) return 'expired';
    if (code.wrongTries >= OTP_MAX_WRONG_TRIES_PER_CODE) return 'locked';
    // Only the account's latest code is alive: the code failures since it was made are the tries on it.
    const [mine] = await tx
      .select({ value: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.userId, user.id),
          eq(loginFailures.method, 'otp'),
          gte(loginFailures.createdAt, code.createdAt),
          fromNetwork(network),
        ),
      );
    if ((mine?.value ?? 0) >= OTP_MAX_WRONG_TRIES) return 'locked';
    if (!sameHash(hashCode(config.APP_SECRET, user.id, digitsOnly(otpCode), purpose), code.codeHash)) {
      // Recorded inside the transaction (which must therefore not throw), so the next try in line counts it.
      await tx
        .update(otpCodes)
        .set({ wrongTries: sql`${otpCodes.wrongTries} + 1` })
        .where(eq(otpCodes.id, code.id));
      await recordFailure(tx, user.id, 'otp', network, now);
      return 'wrong';
    }
    // Single use: the row is locked, and its use is written before the lock is released.
    await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, code.id));
    return 'ok';
  });
  if (verdict === 'expired') throw new AppError('OTP_EXPIRED', 400, AUTH_MESSAGES.codeExpired);
  if (verdict === 'locked') throw new AppError('OTP_LOCKED', 429, AUTH_MESSAGES.codeLocked);
  if (verdict === 'wrong') throw new AppError('OTP_WRONG', 400, AUTH_MESSAGES.codeWrong);
}

/**
 * Birth date and phone are guessable, so they share an hourly failure budget per account (decisions:
 * accounts and sessions). Counting, judging and recording happen in one transaction that first locks the
 * account's row: concurrent attempts for one account queue behind each other, so a burst of parallel
 * guesses cannot all pass the count before any failure is written.
 */
async function judgeKnowledgeLogin(
  db: Db,
  userId: string,
  method: 'birthdate' | 'phone',
  matches: (user: User) => boolean,
  staffEmails: readonly string[],
  network: string | null,
  now: Date,
): Promise<'ok' | 'wrong' | 'locked'> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!locked) return 'wrong';
    // Per network and account, under a higher ceiling per account: one network's failures (a stranger's) never
    // lock the owner out on another (security review F2).
    const [failures] = await tx
      .select({
        all: count(),
        mine: count(sql`case when ${fromNetwork(network)} then 1 end`),
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.userId, userId), gt(loginFailures.createdAt, new Date(now.getTime() - 60 * MINUTE_MS))));
    if ((failures?.mine ?? 0) >= KNOWLEDGE_LOGIN_MAX_FAILURES_PER_HOUR) return 'locked';
    if ((failures?.all ?? 0) >= KNOWLEDGE_LOGIN_MAX_ACCOUNT_FAILURES_PER_HOUR) return 'locked';
    // A right value on an account that cannot use it (unproved, unconfirmed, staff) is answered and counted as a wrong
    // one: otherwise the difference would confirm a birth date or a phone to anyone who guesses (security review F10).
    if (canUseFallbackLogin(locked, staffEmails) && matches(locked)) return 'ok';
    // Recorded inside the transaction (which must therefore not throw), so the next attempt in line counts it.
    await recordFailure(tx, userId, method, network, now);
    return 'wrong';
  });
}

/**
 * The login without a code (ux N11): the birth date and the phone together, never one alone. It has the spec's two
 * paths (login/birthdate, login/phone-number); both take both values, and each answers a failure with its own code.
 * Which value was wrong is never said, so neither can be confirmed on its own.
 */
export async function loginWithFallback(
  deps: AuthDeps,
  input: { email: string; birthdate: string; phoneNumber: string },
  via: 'birthdate' | 'phone',
  now = new Date(),
  network: string | null = null,
): Promise<User> {
  const { db, config } = deps;
  const user = await requireUserByEmail(db, input.email);
  const matches = (stored: User) => stored.dateOfBirth === input.birthdate && samePhone(stored.phoneNumber, input.phoneNumber);
  // Judged and counted the same for every account, so a guess answers alike for staff, unproved and ordinary
  // addresses: nothing in the answer tells a staff address apart, or a right value from a wrong one.
  const verdict = await judgeKnowledgeLogin(db, user.id, via, matches, config.STAFF_EMAILS, network, now);
  if (verdict === 'locked') throw tooManyRequests(AUTH_MESSAGES.knowledgeLocked, 'KNOWLEDGE_LOGIN_LOCKED');
  if (verdict === 'wrong') {
    throw via === 'birthdate'
      ? new AppError('BIRTHDATE_WRONG', 401, AUTH_MESSAGES.fallbackWrong)
      : new AppError('PHONE_WRONG', 401, AUTH_MESSAGES.fallbackWrong);
  }
  // The notice goes through the outbox: a failed send is retried, and the login stands either way.
  const notice = await enqueueMail(
    deps.db,
    'login-notice',
    knowledgeLoginNoticeEmail(
      { appName: config.APP_NAME, appOrigin: config.APP_ORIGIN },
      user.email,
      'fallback',
      now,
      notMeUrl(config.APP_ORIGIN, config.APP_SECRET, user.id, now),
    ),
    now,
  );
  void deps.outbox.deliver([notice]);
  return user;
}

/** Whether the login page should offer the birth date and phone for this address (ux N11: only where they work). */
export async function fallbackLoginOffered(deps: Pick<AuthDeps, 'db' | 'config'>, email: string): Promise<boolean> {
  const user = await findUserByEmail(deps.db, email);
  return user !== null && canUseFallbackLogin(user, deps.config.STAFF_EMAILS);
}

/**
 * Birth date and phone are a way in only for an address its owner proved, with data the owner confirmed afterwards
 * (decision 010). Staff see every user's data: they enter only with the code.
 */
export function canUseFallbackLogin(user: User, staffEmails: readonly string[]): boolean {
  return user.verified !== null && user.fallbackConfirmedAt !== null && !staffEmails.includes(user.email);
}

/**
 * Confirms the stored birth date and phone as a way in; only an account that proved its address. The values must
 * be the stored ones (the phone in any spelling of the same number): changing a login factor takes an e-mailed
 * code (changeLoginData), so a session alone (a borrowed phone, a fallback login) cannot swap them.
 */
export async function confirmFallbackLogin(
  db: Db,
  user: User,
  input: { dateOfBirth: string; phoneNumber: string },
  now = new Date(),
): Promise<User> {
  if (!user.verified) throw new AppError('CODE_LOGIN_REQUIRED', 403, AUTH_MESSAGES.codeLoginRequired);
  if (input.dateOfBirth !== user.dateOfBirth || !samePhone(user.phoneNumber, input.phoneNumber))
    throw new AppError('LOGIN_DATA_CODE_REQUIRED', 403, AUTH_MESSAGES.loginDataCodeRequired);
  const [updated] = await db.update(users).set({ fallbackConfirmedAt: now }).where(eq(users.id, user.id)).returning();
  return updated!;
}

/**
 * Changes the birth date and/or phone with the code e-mailed for it (issue 20). They become confirmed as a way in
 * (the code proved the mailbox), and when a value really changed every other session of the account ends: it may
 * have been opened with the old value. The session that made the change stays.
 */
export async function changeLoginData(
  deps: Pick<AuthDeps, 'db' | 'config'>,
  user: User,
  currentSessionId: string,
  input: { dateOfBirth?: string | undefined; phoneNumber?: string | undefined; code: string },
  now = new Date(),
): Promise<User> {
  const { db } = deps;
  if (!user.verified) throw new AppError('CODE_LOGIN_REQUIRED', 403, AUTH_MESSAGES.codeLoginRequired);
  await consumeOtp(deps, user, input.code, now, 'login-data');
  const dateOfBirth = input.dateOfBirth ?? user.dateOfBirth;
  const phoneNumber = input.phoneNumber === undefined ? user.phoneNumber : digitsOnly(input.phoneNumber);
  const changed = dateOfBirth !== user.dateOfBirth || phoneNumber !== user.phoneNumber;
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [updated] = await tx
      .update(users)
      .set({ dateOfBirth, phoneNumber, fallbackConfirmedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    if (changed) await revokeOtherSessions(tx, user.id, currentSessionId, now);
    return updated!;
  });
}

/**
 * At most 3 trials a day per device, and NETWORK_DAILY_CEILING per network address across its devices
 * (decision 019): classmates on one hospital network each get their own trials.
 */
export async function startTrial(deps: AuthDeps, where: { ipHash: string; deviceKey: string }, now = new Date()) {
  const { db, config } = deps;
  const since = new Date(now.getTime() - 24 * 60 * MINUTE_MS);
  const started = (who: SQL) =>
    db
      .select({ value: count() })
      .from(sessions)
      .where(and(who, eq(sessions.isTrial, true), gt(sessions.createdAt, since)))
      .then(([row]) => row?.value ?? 0);
  if ((await started(eq(sessions.deviceKey, where.deviceKey))) >= TRIALS_PER_DEVICE_PER_DAY)
    throw tooManyRequests(AUTH_MESSAGES.trialLimit, 'TRIAL_LIMIT');
  if ((await started(eq(sessions.ipHash, where.ipHash))) >= config.NETWORK_DAILY_CEILING)
    throw tooManyRequests(AUTH_MESSAGES.trialNetworkLimit, 'TRIAL_LIMIT');
  return createSession(db, { userId: null, ipHash: where.ipHash, deviceKey: where.deviceKey, trialSeconds: config.TRIAL_SECONDS }, now);
}

export async function signup(
  deps: AuthDeps,
  body: SignupBody,
  now = new Date(),
  /** The signing-up browser's device key and the keyed hash of its network (the welcome code counts for that network). */
  client: { key: string | null; network?: string | null } = { key: null },
): Promise<User> {
  const { db, config } = deps;
  // Only a known affiliate is attributed; an unknown id from a stale link is dropped.
  const affiliate = body.affiliateId ? await findAffiliate(db, body.affiliateId) : null;
  // The account and its confirmation e-mail commit together; the outbox sends it (and retries a failed send).
  const user = await db.transaction(async (txn): Promise<(User & { mail: string }) | null> => {
    const tx = txn as unknown as Db;
    const [created] = await tx
      .insert(users)
      .values({
        email: normalizeEmail(body.email),
        name: body.name,
        dateOfBirth: body.dateOfBirth,
        phoneNumber: digitsOnly(body.phoneNumber),
        affiliateShortId: affiliate?.shortId ?? null,
        signupDeviceKey: affiliate ? client.key : null,
        privacyAcceptedAt: now,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        subscriptionType: 'free',
        membershipMode: 'individual',
        membershipStart: now,
        // The free hours wait for the first answer (freeHoursStartedAt stays null until then).
        membershipEnd: freeHoursHold(now),
        createdAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) return null;
    if (body.keepTrialAnswers && client.key) await carryTrialAnswers(tx, client.key, created, now);
    // One e-mail (issue 19): the welcome carries the code that confirms the address and signs the student in.
    const code = newOtpCode();
    await tx.insert(otpCodes).values({
      userId: created.id,
      codeHash: hashCode(config.APP_SECRET, created.id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS),
      networkHash: client.network ?? null,
    });
    const mail = await enqueueMail(
      tx,
      'signup-confirmation',
      signupConfirmationEmail({ appName: config.APP_NAME, appOrigin: config.APP_ORIGIN }, created.email, code, OTP_TTL_MINUTES),
      now,
    );
    return { ...created, mail };
  });
  if (!user) throw new AppError('EMAIL_TAKEN', 409, AUTH_MESSAGES.emailTaken);
  // Sent before answering, as before the outbox; a failed send stays there and is retried.
  const { mail, ...account } = user;
  await deps.outbox.deliver([mail]);
  return account;
}
