import { asc, eq } from 'drizzle-orm';
import { paymentReference } from '@galeno/domain/plans';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { discounts, publicDiscountClaims } from '../../db/schema/discount-quiz.ts';
import { simulacroAttempts } from '../../db/schema/exams.ts';
import { flashcardEvaluations, flashcardStates } from '../../db/schema/flashcards.ts';
import { groupMembers, invoiceRequests, payments } from '../../db/schema/memberships.ts';
import { answers, questionFlags, quizEvaluations, quizSessions } from '../../db/schema/quiz.ts';
import { itemReports } from '../../db/schema/reports.ts';
import type { User } from '../../db/schema/users.ts';
import { answerSealed } from '../sessions/sealed.ts';

/**
 * "Descargar mis datos" (ARCO access right, issue 20): everything held about the student, as one JSON
 * document. Secrets are never in it (session tokens, login codes); the rest is as stored.
 */
export async function exportAccountData(db: Db, user: User, now = new Date()) {
  const [
    answerRows,
    sessionRows,
    evaluationRows,
    flagRows,
    flashcardStateRows,
    flashcardEvaluationRows,
    simulacroRows,
    paymentRows,
    invoiceRows,
    discountRows,
    claimRows,
    groupRows,
    reportRows,
    loginRows,
  ] = await Promise.all([
    db
      .select({ answer: answers, sealed: answerSealed(answers).mapWith(Boolean) })
      .from(answers)
      .where(eq(answers.userId, user.id))
      .orderBy(asc(answers.answeredAt)),
    db.select().from(quizSessions).where(eq(quizSessions.userId, user.id)).orderBy(asc(quizSessions.startedAt)),
    db.select().from(quizEvaluations).where(eq(quizEvaluations.userId, user.id)).orderBy(asc(quizEvaluations.createdAt)),
    db.select().from(questionFlags).where(eq(questionFlags.userId, user.id)),
    db.select().from(flashcardStates).where(eq(flashcardStates.userId, user.id)),
    db.select().from(flashcardEvaluations).where(eq(flashcardEvaluations.userId, user.id)).orderBy(asc(flashcardEvaluations.createdAt)),
    db.select().from(simulacroAttempts).where(eq(simulacroAttempts.userId, user.id)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(asc(payments.createdAt)),
    db.select().from(invoiceRequests).where(eq(invoiceRequests.userId, user.id)).orderBy(asc(invoiceRequests.createdAt)),
    db.select().from(discounts).where(eq(discounts.userId, user.id)),
    db.select().from(publicDiscountClaims).where(eq(publicDiscountClaims.email, user.email)),
    db.select().from(groupMembers).where(eq(groupMembers.email, user.email)),
    db.select().from(itemReports).where(eq(itemReports.userId, user.id)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt)),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      email: user.email,
      name: user.name,
      dateOfBirth: user.dateOfBirth,
      phoneNumber: user.phoneNumber,
      speciality: user.speciality,
      examYear: user.examYear,
      createdAt: user.createdAt.toISOString(),
      emailConfirmedAt: user.verified?.toISOString() ?? null,
      affiliate: user.affiliateShortId,
      membership: {
        type: user.subscriptionType,
        mode: user.membershipMode,
        start: user.membershipStart.toISOString(),
        end: user.membershipEnd?.toISOString() ?? null,
        freeHoursStartedAt: user.freeHoursStartedAt?.toISOString() ?? null,
      },
      studySettings: {
        newCardsPerDay: user.newCardsPerDay,
        preferredBank: user.preferredBank,
        includeEnglish: user.includeEnglish,
        includeUnexplainedMir: user.includeUnexplainedMir,
        mirNoticeSeenAt: user.mirNoticeSeenAt?.toISOString() ?? null,
      },
    },
    // An answer of a sitting still open is exported without its verdict until the sitting is graded (issue 34, F1).
    answers: answerRows.map(({ answer: { userId: _userId, correct, ...row }, sealed }) => (sealed ? row : { ...row, correct })),
    quizSessions: sessionRows.map(({ userId: _userId, ...row }) => row),
    quizEvaluations: evaluationRows.map(({ userId: _userId, ...row }) => row),
    flags: flagRows.map(({ userId: _userId, ...row }) => row),
    flashcards: {
      states: flashcardStateRows.map(({ userId: _userId, ...row }) => row),
      evaluations: flashcardEvaluationRows.map(({ userId: _userId, ...row }) => row),
    },
    simulacros: simulacroRows.map(({ userId: _userId, ...row }) => row),
    // Which affiliate earned what from a payment is the affiliate's business, not the student's (issue 34, F15).
    payments: paymentRows.map(({ userId: _userId, affiliateShortId: _affiliate, affiliateEarnedAmount: _earned, ...row }) => ({
      reference: paymentReference(row.id),
      ...row,
    })),
    // «Solicitar factura»: the fiscal data given for each payment; which staff account marked it issued is not theirs.
    invoiceRequests: invoiceRows.map(({ userId: _userId, issuedBy: _issuedBy, ...row }) => ({
      reference: paymentReference(row.paymentId),
      ...row,
    })),
    discounts: discountRows.map(({ userId: _userId, participantKey: _key, ...row }) => row),
    discountClaims: claimRows,
    groupInvitations: groupRows,
    // Like invoices' `issuedBy`: which staff account resolved a report is not the student's (issue 34, F15).
    reports: reportRows.map(({ userId: _userId, resolvedBy: _resolvedBy, ...row }) => row),
    logins: loginRows,
  };
}
