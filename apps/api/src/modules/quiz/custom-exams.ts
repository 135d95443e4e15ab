import { and, count, desc, eq, inArray, isNull, not, notInArray, sql, type SQL } from 'drizzle-orm';
import { fixedQuestionIds, sessionMode } from '@galeno/domain/session-kinds';
import { typedSession } from '@galeno/domain/contracts/session-configuration';
import { MIR_BANKS, OWN_BANKS, type BankChoice } from '@galeno/domain/banks';
import { favouredShare, quizAreaOfSpeciality } from '@galeno/domain/enarm';
import type { ExamAvailable, OpenSessionResponse, QuizSession } from '@galeno/domain/contracts/quiz';
import type { ExamMode, ExamSource } from '@galeno/domain/exams';
import type { Db } from '../../db/client.ts';
import { answers, questionFlags, questions, quizSessions } from '../../db/schema/quiz.ts';
import type { User } from '../../db/schema/users.ts';
import { AppError } from '../../errors.ts';
import { prepared } from '../../db/prepared.ts';
import { EXAM_MESSAGES } from '../sessions/messages.ts';
import { createQuizSession } from '../sessions/sessions.ts';
import { questionSealed, sealSitting } from '../sessions/sealed.ts';
import { questionPool } from '../bank/pool.ts';

/*
 * "Crear examen": a session over questions drawn once from the student's choice (bank, areas, sub-specialities,
 * topics, language, which questions), fixed in the session's configuration so it resumes on any device.
 */

/** The choice with the student's bank setting filled in where the page named none (routes.ts, quiz/banks.ts). */
export interface ExamFilter {
  bank: BankChoice;
  areas: string[];
  subSpecialities: string[];
  topics: string[];
  includeEnglish: boolean;
  includeUnexplainedMir: boolean;
  which: ExamSource;
}

/** The published questions (single or of a case) the choice admits, for this student: none of an open sitting's. */
function examPool(user: User, filter: ExamFilter): SQL | undefined {
  const answeredByMe = sql`exists (select 1 from ${answers} where ${answers.userId} = ${user.id} and ${answers.questionId} = ${questions.id})`;
  // The student's latest answer to the question was wrong.
  const lastWrong = sql`(select ${answers.correct} from ${answers} where ${answers.userId} = ${user.id} and ${answers.questionId} = ${questions.id} order by ${answers.answeredAt} desc limit 1) = false`;
  const flagged = sql`exists (select 1 from ${questionFlags} where ${questionFlags.userId} = ${user.id} and ${questionFlags.questionId} = ${questions.id})`;
  return and(
    questionPool({ bank: filter.bank, includeEnglish: filter.includeEnglish, includeUnexplainedMir: filter.includeUnexplainedMir }),
    not(questionSealed(user.id, questions.id)),
    filter.areas.length ? inArray(questions.especialidad, filter.areas) : undefined,
    filter.subSpecialities.length ? inArray(questions.subEspecialidad, filter.subSpecialities) : undefined,
    filter.topics.length ? inArray(questions.tema, filter.topics) : undefined,
    filter.which === 'no-vistas'
      ? sql`not ${answeredByMe}`
      : filter.which === 'incorrectas'
        ? lastWrong
        : filter.which === 'marcadas'
          ? flagged
          : undefined,
  );
}

/** How many questions the choice offers right now, with the banks apart (the page shows it live). */
export async function availableForExam(db: Db, user: User, filter: ExamFilter): Promise<ExamAvailable> {
  const ofBanks = (banks: readonly string[]) => sql<number>`count(*) filter (where ${inArray(questions.bank, [...banks])})`.mapWith(Number);
  const [row] = await db
    .select({ available: count(), galeno: ofBanks(OWN_BANKS), mir: ofBanks(MIR_BANKS) })
    .from(questions)
    .where(examPool(user, filter));
  return { available: row?.available ?? 0, galeno: row?.galeno ?? 0, mir: row?.mir ?? 0 };
}

/** `limit` questions of the pool at random. */
function drawFrom(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({ id: questions.id, caseId: questions.clinicalCaseId, position: questions.position })
    .from(questions)
    .where(where)
    .orderBy(sql`random()`)
    .limit(limit);
}

/**
 * Draws the exam once: `count` questions at random, then ordered so a case's questions stay together and in order.
 * A choice with fewer questions is refused with how many there are. The welcome's first quiz asks to favour the
 * student's speciality (ux N18): most of it comes from that speciality's area while the pool has them, the rest
 * from the whole choice, so the first questions speak to the residency just chosen.
 */
export async function createExam(
  db: Db,
  user: User,
  input: ExamFilter & { count: number; mode: ExamMode; secondsPerQuestion?: number | null; favourMySpeciality?: boolean },
  now = new Date(),
): Promise<QuizSession> {
  const pool = examPool(user, input);
  const area = input.favourMySpeciality ? quizAreaOfSpeciality(user.speciality) : null;
  const favoured = area ? await drawFrom(db, and(pool, eq(questions.especialidad, area)), favouredShare(input.count)) : [];
  const others = await drawFrom(
    db,
    and(
      pool,
      favoured.length
        ? notInArray(
            questions.id,
            favoured.map((row) => row.id),
          )
        : undefined,
    ),
    input.count - favoured.length,
  );
  const drawn = [...favoured, ...others];
  if (drawn.length < input.count) throw new AppError('NOT_ENOUGH_QUESTIONS', 400, EXAM_MESSAGES.tooFew(drawn.length));
  const firstSeen = new Map<string, number>();
  drawn.forEach((row, index) => firstSeen.set(row.caseId ?? row.id, firstSeen.get(row.caseId ?? row.id) ?? index));
  const ordered = [...drawn].sort((a, b) => firstSeen.get(a.caseId ?? a.id)! - firstSeen.get(b.caseId ?? b.id)! || a.position - b.position);
  const { count: _count, ...choice } = input;
  const questionIds = ordered.map((row) => row.id);
  if (input.mode !== 'examen') return createQuizSession(db, user, { kind: 'exam', configuration: { ...choice, questionIds } }, now);
  // Exam mode shows no key until the end: its questions are sealed from the moment it exists.
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const session = await createQuizSession(tx, user, { kind: 'exam', configuration: { ...choice, questionIds } }, now);
    await sealSitting(tx, user.id, session.quizSessionId, questionIds);
    return session;
  });
}

/** The latest unsaved exam or review of the student with something left to answer: "Continuar" on the home page. */
export async function openSession(db: Db, user: User): Promise<OpenSessionResponse> {
  // Prepared (issue 22): the home page asks on every visit.
  const recent = await prepared(db, 'open-sessions', (pdb) =>
    pdb
      .select()
      .from(quizSessions)
      .where(
        and(
          eq(quizSessions.userId, sql.placeholder('userId')),
          isNull(quizSessions.savedAt),
          inArray(quizSessions.kind, ['exam', 'review', 'simulacro']),
        ),
      )
      .orderBy(desc(quizSessions.startedAt))
      .limit(5)
      .prepare('open_sessions'),
  ).execute({ userId: user.id });
  for (const session of recent.map(typedSession)) {
    const ids = fixedQuestionIds(session);
    if (!ids || ids.length === 0) continue;
    const [answered] = await db
      .select({ value: count() })
      .from(answers)
      .where(and(eq(answers.userId, user.id), eq(answers.quizSessionId, session.id)));
    // A fully answered review is done; a sitting still waits for «Terminar» to be graded.
    if ((answered?.value ?? 0) >= ids.length && sessionMode(session) !== 'examen') continue;
    return {
      session: {
        quizSessionId: session.id,
        kind: session.kind,
        total: ids.length,
        answered: answered?.value ?? 0,
        startedAt: session.startedAt.toISOString(),
      },
    };
  }
  return { session: null };
}
