import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DiscountQuizEvaluation,
  DiscountQuizQuestion,
  DiscountRecord,
  SaveDiscountQuizEvaluationResponse,
} from '@galeno/domain/contracts/discount-quiz';
import { DISCOUNT_VALID_DAYS, discountExpiresAt, drawPrize, MAX_ATTEMPTS, type DrawnPrize } from '@galeno/domain/discount-quiz';
import { isoDateInMexicoCity } from '@galeno/domain/format';
import { normalizeEmail } from '@galeno/domain/forms';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  discountQuizAttempts,
  discountQuizQuestions,
  discountQuizServed,
  discounts,
  publicDiscountClaims,
} from '../../db/schema/discount-quiz.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { discountClaimEmail } from '../../mail/templates.ts';
import { loggable } from '../../plugins/error-handler.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';

export const DISCOUNT_MESSAGES = {
  alreadyToday: 'Ya participaste hoy',
  networkLimit: 'Se alcanzó el límite de participaciones en esta red por hoy. Crea tu cuenta gratis o vuelve mañana.',
  maxAttempts: 'Has agotado todos tus intentos',
  noQuestions: 'Aún no hay preguntas disponibles para el quiz de descuento.',
  questionNotFound: 'La pregunta no existe o ya no está disponible.',
  notServed: 'Esta pregunta ya no está vigente: carga una pregunta nueva para participar.',
  notDrawn: 'Este descuento no es válido: solo puedes usar el descuento que ganaste en la ruleta.',
  emailTaken: 'Este correo ya recibió un descuento.',
  notAccountEmail: 'Ganaste este descuento con tu cuenta: ya es tuyo y solo sirve con el correo de tu cuenta.',
  alreadyClaimed: 'Este descuento ya fue reclamado.',
  sendFailed: 'No pudimos enviar el correo con tu descuento. Intenta nuevamente.',
} as const;

/**
 * The account in the signed-in variant; the device (a first-party cookie) in the public and trial variants,
 * whose network address also counts against a looser daily ceiling (decision 019).
 */
export interface Participant {
  key: string;
  userId: string | null;
  /** Attempts (dailyCeiling) and prizes drawn (dailySpins) one network address may have a day, across its devices. */
  network: { ipHash: string; dailyCeiling: number; dailySpins: number } | null;
}

export function accountParticipant(userId: string): Participant {
  return { key: `user:${userId}`, userId, network: null };
}

export function visitorParticipant(visitor: { deviceKey: string; ipHash: string; dailyCeiling: number; dailySpins: number }): Participant {
  const { ipHash, dailyCeiling, dailySpins } = visitor;
  return { key: `device:${visitor.deviceKey}`, userId: null, network: { ipHash, dailyCeiling, dailySpins } };
}

/** A prize not used by a payment and still within its validity: the only kind that can be shown, claimed or paid with. */
function usable(now: Date): SQL {
  return and(isNull(discounts.usedAt), gt(discounts.createdAt, new Date(now.getTime() - DISCOUNT_VALID_DAYS * 86_400_000)))!;
}

/** Prizes the wheel drew today for visitors on this network (their attempts keep the network's hashed address). */
async function spinsOnNetwork(db: Db, ipHash: string, day: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(discounts)
    .innerJoin(discountQuizAttempts, eq(discountQuizAttempts.id, discounts.attemptId))
    .where(and(eq(discountQuizAttempts.ipHash, ipHash), eq(discountQuizAttempts.day, day)));
  return row?.value ?? 0;
}

/**
 * Attempts and spins a network has left today. Clearing cookies makes a new device (decision 019), so the
 * prizes are capped per network: a visitor cannot pick the best of many draws.
 */
async function assertNetworkBudget(db: Db, network: NonNullable<Participant['network']>, day: string): Promise<void> {
  const [onNetwork] = await db
    .select({ value: count() })
    .from(discountQuizAttempts)
    .where(and(eq(discountQuizAttempts.ipHash, network.ipHash), eq(discountQuizAttempts.day, day)));
  if ((onNetwork?.value ?? 0) >= network.dailyCeiling || (await spinsOnNetwork(db, network.ipHash, day)) >= network.dailySpins)
    throw new AppError('NETWORK_LIMIT', 429, DISCOUNT_MESSAGES.networkLimit);
}

/** A cryptographically random roll, so nobody can predict the wheel. */
export function secureDraw(): DrawnPrize {
  return drawPrize(randomInt(0, 1_000_000) / 1_000_000);
}

/**
 * A random question this participant has not attempted yet (any question once all are), remembered
 * as the one served: only that question can be answered next. Until it is answered, every load serves
 * it again, so a reload cannot swap a hard question for an easier one (ux N16).
 */
export async function serveDiscountQuestion(db: Db, participant: Participant, now = new Date()): Promise<DiscountQuizQuestion> {
  // A question the network can no longer answer today is not served; a device that already played today is told so
  // by its own attempts (its page never asks for one), not by the network's budget.
  if (participant.network) {
    const day = isoDateInMexicoCity(now);
    const [playedToday] = await db
      .select({ id: discountQuizAttempts.id })
      .from(discountQuizAttempts)
      .where(and(eq(discountQuizAttempts.participantKey, participant.key), eq(discountQuizAttempts.day, day)))
      .limit(1);
    if (!playedToday) await assertNetworkBudget(db, participant.network, day);
  }
  const [kept] = await db
    .select({ question: discountQuizQuestions })
    .from(discountQuizServed)
    .innerJoin(discountQuizQuestions, eq(discountQuizQuestions.id, discountQuizServed.questionId))
    .where(eq(discountQuizServed.participantKey, participant.key))
    .limit(1);
  if (kept) return toQuestion(kept.question);
  const start = Math.random();
  const unattempted = sql`not exists (select 1 from ${discountQuizAttempts} where ${discountQuizAttempts.participantKey} = ${participant.key} and ${discountQuizAttempts.questionId} = ${discountQuizQuestions.id})`;
  const first = (where: SQL | undefined) =>
    db.select().from(discountQuizQuestions).where(where).orderBy(asc(discountQuizQuestions.randomKey)).limit(1);
  // From the random point on, else from the start (wrapping around), else any question once all were tried.
  let [row] = await first(and(gte(discountQuizQuestions.randomKey, start), unattempted));
  if (!row) [row] = await first(unattempted);
  if (!row) [row] = await first(undefined);
  if (!row) throw notFound(DISCOUNT_MESSAGES.noQuestions);
  await db
    .insert(discountQuizServed)
    .values({ participantKey: participant.key, questionId: row.id, servedAt: now })
    .onConflictDoUpdate({ target: discountQuizServed.participantKey, set: { questionId: row.id, servedAt: now } });
  return toQuestion(row);
}

function toQuestion(row: typeof discountQuizQuestions.$inferSelect): DiscountQuizQuestion {
  return {
    id: row.id,
    question: row.question,
    options: row.options,
    tags: { Especialidad: row.especialidad, Tema: row.tema, Dificultad: row.dificultad },
  };
}

function toEvaluation(row: typeof discountQuizAttempts.$inferSelect): DiscountQuizEvaluation {
  return {
    questionId: row.questionId,
    difficulty: row.difficulty,
    answerIndexSelected: row.answerIndexSelected,
    wasCorrect: row.wasCorrect,
    created: row.createdAt.toISOString(),
  };
}

export async function listAttempts(db: Db, participant: Participant): Promise<DiscountQuizEvaluation[]> {
  const rows = await db
    .select()
    .from(discountQuizAttempts)
    .where(eq(discountQuizAttempts.participantKey, participant.key))
    .orderBy(asc(discountQuizAttempts.createdAt));
  return rows.map(toEvaluation);
}

/** The participant's latest usable prize: a used or lapsed one is never offered again. */
async function latestDiscount(db: Db, participant: Participant, now = new Date()) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.participantKey, participant.key), usable(now)))
    .orderBy(desc(discounts.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Grades an attempt on the question served to this participant, enforces 3 attempts in all and one a
 * day, and draws the prize after a right answer when the participant has no unused prize. The
 * browser's wasCorrect is ignored.
 */
export async function saveAttempt(
  db: Db,
  participant: Participant,
  input: { questionId: string; answerIndexSelected: number },
  now = new Date(),
): Promise<SaveDiscountQuizEvaluationResponse> {
  const [question] = await db.select().from(discountQuizQuestions).where(eq(discountQuizQuestions.id, input.questionId)).limit(1);
  if (!question) throw notFound(DISCOUNT_MESSAGES.questionNotFound);
  if (input.answerIndexSelected >= question.options.length)
    throw badRequest('La opción elegida no existe en esta pregunta.', 'OPTION_OUT_OF_RANGE');
  const day = isoDateInMexicoCity(now);

  try {
    return await db.transaction(async (tx) => {
      const previous = await tx.select().from(discountQuizAttempts).where(eq(discountQuizAttempts.participantKey, participant.key));
      if (previous.length >= MAX_ATTEMPTS) throw new AppError('MAX_ATTEMPTS_REACHED', 409, DISCOUNT_MESSAGES.maxAttempts);
      if (previous.some((attempt) => attempt.day === day))
        throw new AppError('ALREADY_PARTICIPATED_TODAY', 409, DISCOUNT_MESSAGES.alreadyToday);
      if (participant.network) {
        // Devices of one network are served one at a time here, so parallel answers cannot overshoot its budget.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`galeno:wheel:${participant.network.ipHash}`}, 0))`);
        await assertNetworkBudget(tx as unknown as Db, participant.network, day);
      }
      // The served question is taken (deleted) by this answer: a question is answered once per serving.
      const [served] = await tx
        .delete(discountQuizServed)
        .where(and(eq(discountQuizServed.participantKey, participant.key), eq(discountQuizServed.questionId, question.id)))
        .returning();
      if (!served) throw new AppError('QUESTION_NOT_SERVED', 409, DISCOUNT_MESSAGES.notServed);

      const correct = input.answerIndexSelected === question.correctIndex;
      const [attempt] = await tx
        .insert(discountQuizAttempts)
        .values({
          participantKey: participant.key,
          userId: participant.userId,
          questionId: question.id,
          difficulty: question.dificultad,
          answerIndexSelected: input.answerIndexSelected,
          wasCorrect: correct,
          day,
          ipHash: participant.network?.ipHash ?? null,
          createdAt: now,
        })
        .returning();

      let prize: number | null = null;
      if (correct) {
        const [existing] = await tx
          .select()
          .from(discounts)
          .where(and(eq(discounts.participantKey, participant.key), usable(now)))
          .limit(1);
        if (existing) prize = existing.percent;
        else {
          prize = secureDraw();
          await tx.insert(discounts).values({
            participantKey: participant.key,
            userId: participant.userId,
            attemptId: attempt!.id,
            percent: prize,
            createdAt: now,
          });
        }
      }
      return {
        evaluation: toEvaluation(attempt!),
        correct,
        correctAnswer: question.correctIndex,
        feedback: question.explanation,
        prize,
        attemptsRemaining: MAX_ATTEMPTS - previous.length - 1,
      };
    });
  } catch (error) {
    // Two submissions at once on one day: the unique (participant, day) index lets one through.
    if (violatedUniqueIndex(error) !== null) throw new AppError('ALREADY_PARTICIPATED_TODAY', 409, DISCOUNT_MESSAGES.alreadyToday);
    throw error;
  }
}

/** Accepting or declining: only the percentage the server drew for this participant is valid. */
export async function saveDiscountDecision(db: Db, participant: Participant, input: { discount: number; userAccepted: boolean }) {
  const drawn = await latestDiscount(db, participant);
  if (!drawn || drawn.percent !== input.discount) throw new AppError('DISCOUNT_NOT_DRAWN', 400, DISCOUNT_MESSAGES.notDrawn);
  await db.update(discounts).set({ userAccepted: input.userAccepted }).where(eq(discounts.id, drawn.id));
  return toRecord(db, { ...drawn, userAccepted: input.userAccepted });
}

async function toRecord(db: Db, drawn: typeof discounts.$inferSelect): Promise<DiscountRecord> {
  const [claim] = await db
    .select({ id: publicDiscountClaims.id })
    .from(publicDiscountClaims)
    .where(eq(publicDiscountClaims.discountId, drawn.id))
    .limit(1);
  return {
    discount: `${drawn.percent}%`,
    userAccepted: drawn.userAccepted,
    claimed: claim !== undefined,
    validUntil: discountExpiresAt(drawn.createdAt).toISOString(),
  };
}

export async function lastDiscount(db: Db, participant: Participant) {
  const drawn = await latestDiscount(db, participant);
  return { discount: drawn ? await toRecord(db, drawn) : null };
}

/** Links discounts claimed publicly with this e-mail to the account that has just proved it owns it. */
export async function attachClaimedDiscounts(db: Db, userId: string, email: string): Promise<void> {
  await db
    .update(discounts)
    .set({ userId })
    .where(
      and(
        isNull(discounts.userId),
        sql`${discounts.id} in (select ${publicDiscountClaims.discountId} from ${publicDiscountClaims} where ${publicDiscountClaims.email} = ${normalizeEmail(email)})`,
      ),
    );
}

/** The discount a user may pay with: won (or claimed with their e-mail), not used yet and still valid. */
export async function availableDiscount(db: Db, userId: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.userId, userId), usable(now)))
    .orderBy(desc(discounts.percent), desc(discounts.createdAt))
    .limit(1);
  return row ?? null;
}

/** The public claim: unique per e-mail, for a discount this visitor drew, e-mailed, then attached at signup. */
export async function claimPublicDiscount(
  deps: { db: Db; mailer: Mailer; config: Config; log: FastifyBaseLogger },
  participant: Participant,
  input: { email: string; name: string; dateOfBirth: string; discount: number },
  now = new Date(),
) {
  const { db, config } = deps;
  const email = normalizeEmail(input.email);
  const drawn = await latestDiscount(db, participant, now);
  if (!drawn || drawn.percent !== input.discount) throw new AppError('DISCOUNT_NOT_DRAWN', 400, DISCOUNT_MESSAGES.notDrawn);
  // A prize won signed in is that account's already: it is bound to the account's own address, never another's.
  if (participant.userId) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, participant.userId));
    if (account?.email !== email) throw new AppError('CLAIM_NOT_ACCOUNT_EMAIL', 409, DISCOUNT_MESSAGES.notAccountEmail);
  }
  // The claim row first: the unique indexes let one of simultaneous claims through, and only that one
  // sends an e-mail. No transaction stays open across the SMTP call (on PGlite it would hold every other
  // query); a failed send takes the claim back, so nothing is lost and the person can try again.
  let claimId: string;
  try {
    const [claim] = await db
      .insert(publicDiscountClaims)
      .values({ email, name: input.name, dateOfBirth: input.dateOfBirth, discountId: drawn.id, createdAt: now })
      .returning({ id: publicDiscountClaims.id });
    claimId = claim!.id;
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'public_discount_claims_discount_key')
      throw new AppError('DISCOUNT_ALREADY_CLAIMED', 409, DISCOUNT_MESSAGES.alreadyClaimed);
    if (index !== null) throw new AppError('EMAIL_ALREADY_CLAIMED', 409, DISCOUNT_MESSAGES.emailTaken);
    throw error;
  }
  try {
    await deps.mailer.send(
      discountClaimEmail(
        { appName: config.APP_NAME, appOrigin: config.APP_ORIGIN },
        email,
        input.name,
        drawn.percent,
        discountExpiresAt(drawn.createdAt),
      ),
    );
  } catch (error) {
    deps.log.error(loggable(error), 'discount claim e-mail failed');
    await db.delete(publicDiscountClaims).where(eq(publicDiscountClaims.id, claimId));
    throw new AppError('EMAIL_SEND_FAILED', 502, DISCOUNT_MESSAGES.sendFailed);
  }
  await db.transaction(async (tx) => {
    await tx.update(discounts).set({ userAccepted: true }).where(eq(discounts.id, drawn.id));
    // A confirmed account with that e-mail: the discount is its now (otherwise its first code login attaches it).
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.verified)))
      .limit(1);
    if (user)
      await tx
        .update(discounts)
        .set({ userId: user.id })
        .where(and(eq(discounts.id, drawn.id), isNull(discounts.userId)));
  });
  return { success: true, discount: `${drawn.percent}%`, validUntil: discountExpiresAt(drawn.createdAt).toISOString() };
}
