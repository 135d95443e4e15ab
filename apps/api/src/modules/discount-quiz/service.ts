import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DiscountQuizEvaluation, DiscountQuizQuestion, SaveDiscountQuizEvaluationResponse } from '@galeno/domain/contracts/discount-quiz';
import { drawPrize, MAX_ATTEMPTS, type DrawnPrize } from '@galeno/domain/discount-quiz';
import { isoDateInMexicoCity } from '@galeno/domain/format';
import { normalizeEmail } from '@galeno/domain/forms';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { discountQuizAttempts, discountQuizQuestions, discounts, publicDiscountClaims } from '../../db/schema/discount-quiz.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { discountClaimEmail } from '../../mail/templates.ts';

export const DISCOUNT_MESSAGES = {
  alreadyToday: 'Ya participaste hoy',
  maxAttempts: 'Has agotado todos tus intentos',
  noQuestions: 'Aún no hay preguntas disponibles para el quiz de descuento.',
  questionNotFound: 'La pregunta no existe o ya no está disponible.',
  notDrawn: 'Este descuento no es válido: solo puedes usar el descuento que ganaste en la ruleta.',
  emailTaken: 'Este correo ya recibió un descuento.',
  alreadyClaimed: 'Este descuento ya fue reclamado.',
  sendFailed: 'No pudimos enviar el correo con tu descuento. Intenta nuevamente.',
} as const;

/** The account in the signed-in variant; the hashed IP in the public and trial variants. */
export interface Participant {
  key: string;
  userId: string | null;
}

export function participantFor(userId: string | null, ipHash: string): Participant {
  return userId ? { key: `user:${userId}`, userId } : { key: `ip:${ipHash}`, userId: null };
}

/** A cryptographically random roll, so nobody can predict the wheel. */
export function secureDraw(): DrawnPrize {
  return drawPrize(randomInt(0, 1_000_000) / 1_000_000);
}

export async function randomDiscountQuestion(db: Db): Promise<DiscountQuizQuestion> {
  const start = Math.random();
  const [row] =
    (await db.select().from(discountQuizQuestions).where(sql`${discountQuizQuestions.randomKey} >= ${start}`).orderBy(asc(discountQuizQuestions.randomKey)).limit(1)).concat(
      await db.select().from(discountQuizQuestions).orderBy(asc(discountQuizQuestions.randomKey)).limit(1),
    );
  if (!row) throw notFound(DISCOUNT_MESSAGES.noQuestions);
  return { id: row.id, question: row.question, options: row.options, tags: { Especialidad: row.especialidad, Tema: row.tema, Dificultad: row.dificultad } };
}

function toEvaluation(row: typeof discountQuizAttempts.$inferSelect): DiscountQuizEvaluation {
  return { questionId: row.questionId, difficulty: row.difficulty, answerIndexSelected: row.answerIndexSelected, wasCorrect: row.wasCorrect, created: row.createdAt.toISOString() };
}

export async function listAttempts(db: Db, participant: Participant): Promise<DiscountQuizEvaluation[]> {
  const rows = await db.select().from(discountQuizAttempts).where(eq(discountQuizAttempts.participantKey, participant.key)).orderBy(asc(discountQuizAttempts.createdAt));
  return rows.map(toEvaluation);
}

async function latestDiscount(db: Db, participant: Participant) {
  const [row] = await db.select().from(discounts).where(eq(discounts.participantKey, participant.key)).orderBy(desc(discounts.createdAt)).limit(1);
  return row ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * Grades an attempt, enforces 3 attempts in all and one a day, and draws the prize after a right
 * answer when the participant has none yet. The browser's wasCorrect is ignored.
 */
export async function saveAttempt(
  db: Db,
  participant: Participant,
  input: { questionId: string; answerIndexSelected: number },
  now = new Date(),
): Promise<SaveDiscountQuizEvaluationResponse> {
  const [question] = await db.select().from(discountQuizQuestions).where(eq(discountQuizQuestions.id, input.questionId)).limit(1);
  if (!question) throw notFound(DISCOUNT_MESSAGES.questionNotFound);
  if (input.answerIndexSelected >= question.options.length) throw badRequest('La opción elegida no existe en esta pregunta.', 'OPTION_OUT_OF_RANGE');
  const day = isoDateInMexicoCity(now);

  try {
    return await db.transaction(async (tx) => {
      const previous = await tx.select().from(discountQuizAttempts).where(eq(discountQuizAttempts.participantKey, participant.key));
      if (previous.length >= MAX_ATTEMPTS) throw new AppError('MAX_ATTEMPTS_REACHED', 409, DISCOUNT_MESSAGES.maxAttempts);
      if (previous.some((attempt) => attempt.day === day)) throw new AppError('ALREADY_PARTICIPATED_TODAY', 409, DISCOUNT_MESSAGES.alreadyToday);

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
          createdAt: now,
        })
        .returning();

      let prize: number | null = null;
      if (correct) {
        const [existing] = await tx.select().from(discounts).where(eq(discounts.participantKey, participant.key)).limit(1);
        if (existing) prize = existing.percent;
        else {
          prize = secureDraw();
          await tx.insert(discounts).values({ participantKey: participant.key, userId: participant.userId, attemptId: attempt!.id, percent: prize, createdAt: now });
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
    if (isUniqueViolation(error)) throw new AppError('ALREADY_PARTICIPATED_TODAY', 409, DISCOUNT_MESSAGES.alreadyToday);
    throw error;
  }
}

/** Accepting or declining: only the percentage the server drew for this participant is valid. */
export async function saveDiscountDecision(db: Db, participant: Participant, input: { discount: number; userAccepted: boolean }) {
  const drawn = await latestDiscount(db, participant);
  if (!drawn || drawn.percent !== input.discount) throw new AppError('DISCOUNT_NOT_DRAWN', 400, DISCOUNT_MESSAGES.notDrawn);
  await db.update(discounts).set({ userAccepted: input.userAccepted }).where(eq(discounts.id, drawn.id));
  return { discount: `${drawn.percent}%`, userAccepted: input.userAccepted };
}

export async function lastDiscount(db: Db, participant: Participant) {
  const drawn = await latestDiscount(db, participant);
  return { discount: drawn ? { discount: `${drawn.percent}%`, userAccepted: drawn.userAccepted } : null };
}

/** Links discounts claimed publicly with this e-mail to the account that now signs up with it. */
export async function attachClaimedDiscounts(db: Db, userId: string, email: string): Promise<void> {
  await db
    .update(discounts)
    .set({ userId })
    .where(and(isNull(discounts.userId), sql`${discounts.id} in (select ${publicDiscountClaims.discountId} from ${publicDiscountClaims} where ${publicDiscountClaims.email} = ${normalizeEmail(email)})`));
}

/** The discount a user may pay with: won (or claimed with their e-mail) and not used yet. */
export async function availableDiscount(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.userId, userId), isNull(discounts.usedAt)))
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
  const drawn = await latestDiscount(db, participant);
  if (!drawn || drawn.percent !== input.discount) throw new AppError('DISCOUNT_NOT_DRAWN', 400, DISCOUNT_MESSAGES.notDrawn);
  const [claimedEmail] = await db.select({ id: publicDiscountClaims.id }).from(publicDiscountClaims).where(eq(publicDiscountClaims.email, email)).limit(1);
  if (claimedEmail) throw new AppError('EMAIL_ALREADY_CLAIMED', 409, DISCOUNT_MESSAGES.emailTaken);
  const [claimedDiscount] = await db.select({ id: publicDiscountClaims.id }).from(publicDiscountClaims).where(eq(publicDiscountClaims.discountId, drawn.id)).limit(1);
  if (claimedDiscount) throw new AppError('DISCOUNT_ALREADY_CLAIMED', 409, DISCOUNT_MESSAGES.alreadyClaimed);

  try {
    await deps.mailer.send(discountClaimEmail({ appName: config.APP_NAME, appOrigin: config.APP_ORIGIN }, email, input.name, drawn.percent));
  } catch (error) {
    deps.log.error({ err: error }, 'discount claim e-mail failed');
    throw new AppError('EMAIL_SEND_FAILED', 502, DISCOUNT_MESSAGES.sendFailed);
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(publicDiscountClaims).values({ email, name: input.name, dateOfBirth: input.dateOfBirth, discountId: drawn.id, createdAt: now });
      await tx.update(discounts).set({ userAccepted: true }).where(eq(discounts.id, drawn.id));
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (user) await tx.update(discounts).set({ userId: user.id }).where(and(eq(discounts.id, drawn.id), isNull(discounts.userId)));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_CLAIMED', 409, DISCOUNT_MESSAGES.emailTaken);
    throw error;
  }
  return { success: true, discount: `${drawn.percent}%` };
}
