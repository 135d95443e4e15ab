// Query and endpoint benchmarks on the shared generated bank (5,000 clinical cases, 100 guides with 5,000 cards) loaded
// through the real loader, and a student with 2,000 answers in saved sessions and 20,000 flashcard evaluations.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Database, type Db } from '../apps/api/src/db/client.ts';
import { answers, quizSessions } from '../apps/api/src/db/schema/quiz.ts';
import { flashcardEvaluations, flashcardStates } from '../apps/api/src/db/schema/flashcards.ts';
import { createUser, sessionCookieFor } from '../apps/api/src/test/factories.ts';
import { statsSummary } from '../apps/api/src/modules/stats/service.ts';
import { optionCounts, recountOptionCounts } from '../apps/api/src/modules/sessions/answers.ts';
import { sql } from 'drizzle-orm';
import { listGuides } from '../apps/api/src/modules/flashcards/service.ts';
import { generateBank, writeBank } from '../apps/api/src/test/bank.ts';
import { formUnits } from '../apps/api/src/modules/simulacros/forms.ts';
import { finishSittingNow, saveSittingAnswers, sittingState, startSittings } from '../apps/api/src/modules/simulacros/sittings.ts';
import { drawForm, seededRandom } from '@galeno/domain/simulacro';
import type { ContentItems } from '../apps/api/src/modules/content/files.ts';
import { seedContent } from '../apps/api/src/boot/seed.ts';
import { startServer } from '../e2e/fixtures/server.ts';
import { load } from './http-load.ts';

export interface DataBenchResult {
  database: 'postgres' | 'pglite';
  /** The generated bank through the real loader: a first load, then a start with nothing changed. */
  contentLoad: { cases: number; firstMs: number; unchangedMs: number };
  randomCase: { rate: number; requestsPerSecond: number; p99Ms: number; non2xx: number };
  statsQuery: { p50Ms: number; p95Ms: number; answers: number };
  /** The option shares of one question 100,000 students answered, as every grading reads them. */
  peerShareQuery: { p50Ms: number; p95Ms: number; answers: number };
  guideListQuery: { p50Ms: number; p95Ms: number; guides: number; cards: number; evaluations: number };
  /** Drawing one 280-question simulacro form from the whole bank (the units read and the draw). */
  simulacroDraw: { p50Ms: number; p95Ms: number; forms: number };
  /** Grading a finished 280-question sitting (all answered) and reading its results with the percentile. */
  simulacroGrade: { p50Ms: number; p95Ms: number; sittings: number };
  /** Reopening a 280-question sitting on another device (questions, answers, flags, clock). */
  simulacroOpen: { p50Ms: number; p95Ms: number };
}

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The bank every benchmark uses: the shared deterministic generator (apps/api/src/test/bank.ts), 5,000 cases of
 * three questions over every sub-speciality and 100 guides of 50 cards, written as content files for CONTENT_DIR.
 */
export const BENCH_BANK = {
  cases: 5000,
  // Cases of three and of two questions, as the exam has: a simulacro form can be filled exactly.
  questionsPerCase: [3, 3, 3, 2],
  guides: 100,
  cardsPerGuide: 50,
  prefix: 'bench',
  spread: 'taxonomy',
} as const;

/** What one student did with it: 2,000 answers in 100 saved sessions, 20,000 card evaluations, 4,000 schedules. */
async function seedStudent(db: Db, bank: ContentItems) {
  const questionRows = bank['clinical-cases'].flatMap((item) =>
    item.questions.map((question) => ({ ...question, clinicalCaseId: item.id, tags: item.tags })),
  );
  const student = await createUser(db, { email: `bench-${randomBytes(4).toString('hex')}@example.com` });
  const now = Date.now();
  const sessions = await db
    .insert(quizSessions)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        userId: student.id,
        kind: 'quick' as const,
        startedAt: new Date(now - i * 86_400_000),
        savedAt: new Date(now - i * 86_400_000),
      })),
    )
    .returning({ id: quizSessions.id });
  await inChunks(
    Array.from({ length: 2000 }, (_, i) => {
      const question = questionRows[(i * 7) % questionRows.length]!;
      return {
        userId: student.id,
        questionId: question.id,
        clinicalCaseId: question.clinicalCaseId,
        quizSessionId: sessions[i % sessions.length]!.id,
        selectedIndex: i % 4,
        correct: i % 3 !== 0,
        especialidad: question.tags.especialidad,
        subEspecialidad: question.tags.subEspecialidad,
        answeredAt: new Date(now - (i % 60) * 86_400_000),
      };
    }),
    1000,
    (chunk) => db.insert(answers).values(chunk),
  );

  const cards = bank.guides.flatMap((guide) => guide.flashcards.map((card) => ({ id: card.id, guideId: guide.id })));
  await inChunks(
    Array.from({ length: 20_000 }, (_, i) => {
      const card = cards[i % cards.length]!;
      return {
        userId: student.id,
        flashcardId: card.id,
        guideId: card.guideId,
        correct: i % 4 !== 0,
        timeTakenInSeconds: 8,
        createdAt: new Date(now - (i % 90) * 86_400_000),
      };
    }),
    2000,
    (chunk) => db.insert(flashcardEvaluations).values(chunk),
  );
  // One state per card the user has seen (4,000 of 5,000), a fifth of them due.
  await inChunks(
    cards.slice(0, 4000).map((card, i) => {
      const due = new Date(now + (i % 5 === 0 ? -3600_000 : 5 * 86_400_000));
      return {
        userId: student.id,
        flashcardId: card.id,
        guideId: card.guideId,
        due,
        state: 2,
        card: {
          due: due.toISOString(),
          stability: 5,
          difficulty: 5,
          elapsed_days: 1,
          scheduled_days: 5,
          learning_steps: 0,
          reps: 3,
          lapses: 0,
          state: 2,
        },
      };
    }),
    1000,
    (chunk) => db.insert(flashcardStates).values(chunk),
  );
  return student;
}

const PEER_ANSWERS = 100_000;

/** One question answered by `count` students (accounts made in SQL), its option counts rebuilt from the answers. */
async function seedPeerAnswers(db: Db, bank: ContentItems, count: number): Promise<string> {
  const question = bank['clinical-cases'][0]!.questions[0]!;
  const caseId = bank['clinical-cases'][0]!.id;
  await db.execute(sql`insert into users (email, name, date_of_birth, phone_number)
    select 'par' || g || '@example.com', 'Estudiante ' || g, '1998-01-01', '5500000000' from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into answers (user_id, question_id, clinical_case_id, selected_index, correct, especialidad, sub_especialidad, answered_at)
    select id, ${question.id}, ${caseId}, (hashtext(id::text) & 3), (hashtext(id::text) & 3) = ${question.correctIndex}, 'Cirugía', 'Cirugía General', now()
    from users where email like 'par%@example.com'`);
  await recountOptionCounts(db, [question.id]);
  return question.id;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 100) / 100;
}

async function time(run: () => Promise<unknown>, times: number) {
  for (let i = 0; i < 10; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return { p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95) };
}

/** The simulacro on the whole bank: the draw of a form, grading finished sittings, and reopening one. */
async function benchSimulacro(db: Db) {
  const counted = (await db.execute(sql`select count(*)::int as forms from simulacro_forms where kind = 'completo'`)) as unknown as {
    rows: { forms: number }[];
  };
  const forms = counted.rows[0]?.forms ?? 0;
  const random = seededRandom(1);
  const simulacroDraw = await time(async () => drawForm(await formUnits(db), 280, random), 50);
  const keys = new Map(
    (
      (await db.execute(sql`select id, correct_index from questions`)) as unknown as { rows: { id: string; correct_index: number }[] }
    ).rows.map((row) => [row.id, row.correct_index]),
  );
  const sittings = 60;
  const finished: { user: Awaited<ReturnType<typeof createUser>>; quizSessionId: string }[] = [];
  for (let i = 0; i < sittings; i++) {
    const user = await createUser(db);
    const { quizSessionId } = await startSittings(db, user, { formId: 'completo-1', includeEnglish: true, parts: 1 });
    const state = await sittingState(db, user, quizSessionId);
    const picks = state.items.map((item, index) => ({
      questionId: item.question.id,
      optionSelectedIndex: index % 3 === 0 ? 0 : keys.get(item.question.id)!,
    }));
    await saveSittingAnswers(db, user, quizSessionId, picks);
    finished.push({ user, quizSessionId });
  }
  const open = finished[0]!;
  const simulacroOpen = await time(() => sittingState(db, open.user, open.quizSessionId), 50);
  const samples: number[] = [];
  for (const [index, sitting] of finished.entries()) {
    const start = performance.now();
    await finishSittingNow(db, sitting.user, sitting.quizSessionId);
    if (index >= 10) samples.push(performance.now() - start);
  }
  return {
    simulacroDraw: { ...simulacroDraw, forms },
    simulacroGrade: { p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95), sittings: samples.length },
    simulacroOpen,
  };
}

/** PostgreSQL when DATABASE_URL is set (a temporary database on that server), PGlite otherwise. */
export async function runDataBench(databaseUrl: string | undefined): Promise<DataBenchResult> {
  let serverEnv: Record<string, string>;
  let dropDatabase = async () => {};
  let reopen: () => Promise<Database>;
  let dataDir: string | null = null;
  const contentDir = mkdtempSync(path.join(tmpdir(), 'galeno-bench-content-'));
  if (databaseUrl) {
    const name = `galeno_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    serverEnv = { DATABASE_URL: url.toString() };
    reopen = () => openDatabase({ databaseUrl: url.toString() });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'galeno-bench-'));
    serverEnv = { DATA_DIR: dataDir };
    reopen = () => openDatabase({ dataDir: dataDir! });
  }

  try {
    let database = await reopen();
    await migrate(database);
    // The bank goes in through the real loader, as at a server's start; the server then finds nothing to load.
    const bank = generateBank(BENCH_BANK);
    writeBank(contentDir, bank);
    let started = performance.now();
    await seedContent(database.db, contentDir);
    const firstLoadMs = Math.round(performance.now() - started);
    started = performance.now();
    await seedContent(database.db, contentDir);
    const unchangedLoadMs = Math.round(performance.now() - started);
    const student = await seedStudent(database.db, bank);
    const cookie = await sessionCookieFor(database.db, student);
    // PGlite lives in one process: hand the files to the server, then take them back for the query timings.
    if (!databaseUrl) await database.close();

    const server = await startServer({
      ...serverEnv,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      CONTENT_DIR: contentDir,
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
    });
    let randomCase;
    try {
      const url = `${server.url}/api/quiz/clinic-case/random`;
      const headers = { cookie: `galeno_session=${cookie.galeno_session}` };
      await load(url, { seconds: 2, connections: 4, overallRate: 200, headers });
      const result = await load(url, { seconds: 10, connections: 10, overallRate: 200, headers });
      randomCase = { rate: 200, requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms, non2xx: result.non2xx };
    } finally {
      await server.stop();
    }

    if (!databaseUrl) database = await reopen();
    const peerQuestion = await seedPeerAnswers(database.db, bank, PEER_ANSWERS);
    const peerShares = await time(() => optionCounts(database.db, [peerQuestion]), 200);
    const stats = await time(() => statsSummary(database.db, student), 200);
    const guideList = await time(() => listGuides(database.db, student), 200);
    const simulacro = await benchSimulacro(database.db);
    await database.close();
    return {
      database: databaseUrl ? 'postgres' : 'pglite',
      randomCase,
      contentLoad: { cases: BENCH_BANK.cases, firstMs: firstLoadMs, unchangedMs: unchangedLoadMs },
      statsQuery: { ...stats, answers: 2000 },
      peerShareQuery: { ...peerShares, answers: PEER_ANSWERS },
      guideListQuery: { ...guideList, guides: 100, cards: 5000, evaluations: 20_000 },
      ...simulacro,
    };
  } finally {
    await dropDatabase();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(contentDir, { recursive: true, force: true });
  }
}
