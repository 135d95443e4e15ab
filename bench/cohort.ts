// `npm run bench -- --cohort` (issue 22): students doing an evening's mix against the real server on a large data set
// (bench/cohort-data.ts), at increasing open-loop rates until p99 passes 100 ms or errors appear, on one instance and
// on two. `COHORT_SCALE=small` runs the reduced data set with short steps (development); results go to
// bench/results/cohort.json and are printed as a table.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { repoRoot, startServer, type RunningServer } from '../e2e/fixtures/server.ts';
import { load, startBareServer, type LoadResult } from './http-load.ts';
import { cohortDatabase, prepareRun, SCALES, sessionToken, type CohortDatabase } from './cohort-data.ts';
import { ActivityProbe, checkSettings, whyStepFailed, type SettingCheck, type StepActivity } from './database-activity.ts';

const P99_LIMIT_MS = 100;

/** What a step measures: the target rate, held for warmup + measured seconds; only the measured part counts. */
interface StepResult {
  targetRate: number;
  achievedRate: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Students who have opened the app so far in this ladder. */
  activeStudents: number;
  byRoute: Record<string, { requests: number; p50Ms: number; p99Ms: number; errors: number }>;
  /** When the measured window began (wall clock), to set beside the server's and the database's logs. */
  measuredFrom: string;
  /** p99 of the requests scheduled in each second of the measured window: a stall shows as a few bad seconds. */
  p99BySecondMs: number[];
  errorSamples: string[];
  /** What the database and the machine did during the step (warm-up included): checkpoints, WAL, autovacuum, CPU. */
  activity?: StepActivity;
  /** Why the step did not hold, in words (empty when it held). */
  failedBecause?: string[];
}

interface Request {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Whether the driver needs the body (to go on); other bodies are read and dropped. */
  parse?: boolean;
  /** Mean think time after the answer, in ms (exponential): reading a case, choosing a grade. */
  thinkMs: number;
  after?: (status: number, json: unknown, setCookie: string | undefined) => void;
}

interface Student {
  n: number;
  server: number;
  token: string;
  userId: string | null;
  script: Generator<Request, void, void>;
}

/** One student's evening: what the pages call, in order (apps/web: session.tsx, home, quiz, flashcards, stats). */
function* evening(student: Student, flashcardUser: boolean): Generator<Request, void, void> {
  let quizSessionId: string | null = null;
  // Filled in by the answers' callbacks; an object, so the compiler does not narrow what the callbacks change.
  const drawn: { case: { id: string; questions: { id: string; options: unknown[] }[] } | null } = { case: null };
  let cards: { id: string; parentGuideId: string }[] = [];
  let guides: { id: string; newToday: number; dueToday: number }[] = [];
  // Opening the app: the session check (token refresh, then user/me), then the home page's four calls at once.
  yield {
    route: 'GET token/refresh',
    method: 'GET',
    path: '/api/staggered-auth/token/refresh',
    thinkMs: 0,
    after: (_status, _json, setCookie) => {
      const token = setCookie?.match(/galeno_session=([^;]+)/)?.[1];
      if (token) student.token = token;
    },
  };
  yield {
    route: 'GET user/me',
    method: 'GET',
    path: '/api/staggered-auth/user/me',
    parse: !student.userId,
    thinkMs: 0,
    after: (_status, json) => {
      if (json) student.userId = (json as { authUser: { id: string } }).authUser.id;
    },
  };
  yield { route: 'GET user/profile', method: 'GET', path: '/api/user/profile', thinkMs: 0 };
  yield { route: 'GET ankis/review/summary', method: 'GET', path: '/api/ankis/review/summary', thinkMs: 0 };
  yield { route: 'GET stats/summary', method: 'GET', path: '/api/stats/summary', thinkMs: 0 };
  yield { route: 'GET quiz/sessions/open', method: 'GET', path: '/api/quiz/sessions/open', thinkMs: 1500 };
  // A quick quiz of five cases: draw, read, answer every question, read the feedback; then «Guardar y salir».
  yield {
    route: 'POST quiz/sessions',
    method: 'POST',
    path: '/api/quiz/sessions',
    body: { kind: 'quick' },
    parse: true,
    thinkMs: 200,
    after: (_status, json) => (quizSessionId = (json as { quizSessionId?: string } | null)?.quizSessionId ?? null),
  };
  for (let i = 0; i < 5; i++) {
    yield {
      route: 'GET quiz/clinic-case/random',
      method: 'GET',
      path: `/api/quiz/clinic-case/random${quizSessionId ? `?quizSessionId=${quizSessionId}` : ''}`,
      parse: true,
      thinkMs: 2000,
      after: (_status, json) => (drawn.case = json as typeof drawn.case),
    };
    const clinicCase = drawn.case;
    if (!clinicCase) continue;
    yield {
      route: 'POST quiz/evaluate/clinic-case',
      method: 'POST',
      path: '/api/quiz/evaluate/clinic-case',
      body: {
        clinicCaseId: clinicCase.id,
        quizSessionId: quizSessionId ?? undefined,
        selectedOptions: clinicCase.questions.map((question, index) => ({
          questionId: question.id,
          optionSelectedIndex: (student.n + i + index) % question.options.length,
        })),
      },
      thinkMs: 1000,
    };
  }
  if (quizSessionId && student.userId) {
    yield {
      route: 'POST quiz/evaluate/save',
      method: 'POST',
      path: '/api/quiz/evaluate/save-quick-quiz-evaluation',
      body: { userId: student.userId, quizSessionId },
      thinkMs: 1000,
    };
  }
  // Flashcards: a student with schedules reviews what is due today; the others open a guide and study new cards.
  if (flashcardUser) {
    yield {
      route: 'GET ankis/review/today',
      method: 'GET',
      path: '/api/ankis/review/today',
      parse: true,
      thinkMs: 1000,
      after: (_status, json) => (cards = (json as { cards?: typeof cards } | null)?.cards ?? []),
    };
  } else {
    yield {
      route: 'GET ankis/clinic-guides',
      method: 'GET',
      path: '/api/ankis/clinic-guides',
      parse: true,
      thinkMs: 1000,
      after: (_status, json) => (guides = (json as typeof guides | null) ?? []),
    };
    const open = guides.filter((guide) => guide.newToday > 0 || guide.dueToday > 0);
    const guide = open[student.n % Math.max(1, open.length)];
    if (guide) {
      yield {
        route: 'GET ankis/flashcards/:guide',
        method: 'GET',
        path: `/api/ankis/flashcards/${encodeURIComponent(guide.id)}`,
        parse: true,
        thinkMs: 1000,
        after: (_status, json) => (cards = (json as typeof cards | null) ?? []),
      };
    }
  }
  for (const [index, card] of cards.slice(0, 5).entries()) {
    const correct = (student.n + index) % 4 !== 0;
    yield {
      route: 'POST ankis/flashcards/evaluate',
      method: 'POST',
      path: '/api/ankis/flashcards/evaluate',
      body: {
        evaluation: {
          flashcardId: card.id,
          flashcardGuideId: card.parentGuideId,
          correct,
          grade: correct ? 'good' : 'again',
          timeTakenInSeconds: 6,
        },
      },
      thinkMs: 800,
    };
  }
  // And the statistics page before leaving.
  yield { route: 'GET stats/summary', method: 'GET', path: '/api/stats/summary', thinkMs: 0 };
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

function summarise(samples: number[]) {
  const sorted = Float64Array.from(samples).sort();
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100) };
}

const exponential = (mean: number) => (mean <= 0 ? 0 : -Math.log(1 - Math.random()) * mean);

/**
 * The driver: an open-loop schedule of request slots (Poisson arrivals at the target rate). Each slot goes to the
 * next student who is ready (their previous answer came back and their think time passed), or to a student who
 * opens the app now when nobody is ready; a slot's latency runs from its scheduled time, so a server (or a driver)
 * that falls behind shows it, instead of the load slowing down with it (coordinated omission).
 */
interface Recording {
  /** When the measured window began (performance.now()). */
  start: number;
  latencies: number[];
  bySecond: number[][];
  routes: Map<string, { samples: number[]; errors: number }>;
  errors: number;
  samples: string[];
}

class Driver {
  private readonly agents: http.Agent[];
  private readonly students: Student[] = [];
  private readonly ready: Student[] = [];
  private next = 0;
  private inFlight = 0;

  constructor(
    private readonly urls: URL[],
    private readonly data: CohortDatabase,
  ) {
    this.agents = urls.map(() => new http.Agent({ keepAlive: true, maxSockets: 128 }));
  }

  private student(): Student {
    // Students open the app in a shuffled order (a multiplicative walk over all of them), then come back later.
    const users = this.data.scale.users;
    const n = (this.next++ * 7919) % users;
    let student = this.students[n];
    if (!student) {
      student = { n, server: n % this.urls.length, token: sessionToken(this.data.seed, n), userId: null, script: undefined as never };
      this.students[n] = student;
    }
    student.script = evening(student, n % 5 === 0);
    return student;
  }

  private fire(scheduledAt: number, recording: Recording | null) {
    let student = this.ready.shift();
    let request: IteratorResult<Request, void> | undefined = student?.script.next();
    while (!student || !request || request.done) {
      student = this.student();
      request = student.script.next();
    }
    this.send(student, request.value, scheduledAt, recording);
  }

  private send(student: Student, request: Request, scheduledAt: number, recording: Recording | null) {
    const url = this.urls[student.server]!;
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
    this.inFlight++;
    const done = (status: number, json: unknown, setCookie: string | undefined, failure?: string) => {
      this.inFlight--;
      const latency = performance.now() - scheduledAt;
      const error =
        failure ?? (status >= 400 ? `${request.route} → ${status}${json ? ` ${JSON.stringify(json).slice(0, 160)}` : ''}` : undefined);
      if (recording) {
        recording.latencies.push(latency);
        (recording.bySecond[Math.floor((scheduledAt - recording.start) / 1000)] ??= []).push(latency);
        let route = recording.routes.get(request.route);
        if (!route) recording.routes.set(request.route, (route = { samples: [], errors: 0 }));
        route.samples.push(latency);
        if (error) {
          recording.errors++;
          route.errors++;
          if (recording.samples.length < 10) recording.samples.push(error);
        }
      }
      try {
        request.after?.(status, error ? null : json, setCookie);
      } catch {
        // A body the script did not expect: the student just goes on.
      }
      setTimeout(() => this.ready.push(student), exponential(request.thinkMs)).unref();
    };
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent: this.agents[student.server],
        headers: {
          cookie: `galeno_session=${student.token}`,
          'accept-encoding': 'br, gzip',
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let json: unknown = null;
          if (request.parse || status >= 400) {
            try {
              let body = Buffer.concat(chunks);
              const encoding = res.headers['content-encoding'];
              if (encoding === 'br') body = brotliDecompressSync(body);
              else if (encoding === 'gzip') body = gunzipSync(body);
              json = body.length ? JSON.parse(body.toString('utf8')) : null;
            } catch {
              json = null;
            }
          }
          const cookie = res.headers['set-cookie']?.find((value) => value.startsWith('galeno_session='));
          done(status, json, cookie);
        });
        res.on('error', (error) => done(0, null, undefined, `${request.route}: ${error.message}`));
      },
    );
    req.on('error', (error) => done(0, null, undefined, `${request.route}: ${error.message}`));
    req.end(payload);
  }

  /** Holds `rate` requests/s for warmup + measured seconds and reports the measured part. */
  async step(rate: number, warmupSeconds: number, measuredSeconds: number): Promise<StepResult> {
    const start = performance.now();
    const warmupEnd = start + warmupSeconds * 1000;
    const end = warmupEnd + measuredSeconds * 1000;
    let nextSlot = start;
    let measuredFired = 0;
    // Only the requests scheduled after the warm-up are recorded.
    const recording: Recording = { start: warmupEnd, latencies: [], bySecond: [], routes: new Map(), errors: 0, samples: [] };
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (nextSlot <= now && nextSlot < end) {
          const measured = nextSlot >= warmupEnd;
          if (measured) measuredFired++;
          this.fire(nextSlot, measured ? recording : null);
          nextSlot += exponential(1000 / rate);
        }
        if (nextSlot >= end) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });
    // The requests of the measured window that are still out count too: wait for them (bounded).
    const deadline = performance.now() + 10_000;
    while (recording.latencies.length < measuredFired && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const lost = measuredFired - recording.latencies.length;
    const totals = summarise(recording.latencies);
    return {
      targetRate: rate,
      achievedRate: Math.round(recording.latencies.length / Math.max(1, measuredSeconds)),
      requests: recording.latencies.length,
      ...totals,
      errors: recording.errors + lost,
      activeStudents: this.students.filter(Boolean).length,
      byRoute: Object.fromEntries(
        [...recording.routes]
          .sort((a, b) => b[1].samples.length - a[1].samples.length)
          .map(([route, { samples, errors }]) => {
            const s = summarise(samples);
            return [route, { requests: samples.length, p50Ms: s.p50Ms, p99Ms: s.p99Ms, errors }];
          }),
      ),
      measuredFrom: new Date(Date.now() - (performance.now() - warmupEnd)).toISOString(),
      p99BySecondMs: Array.from(recording.bySecond, (samples) => summarise(samples ?? []).p99Ms),
      errorSamples: recording.samples,
    };
  }

  async drain() {
    const deadline = performance.now() + 15_000;
    while (this.inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    this.ready.length = 0;
  }

  close() {
    for (const agent of this.agents) agent.destroy();
  }
}

interface LadderResult {
  instances: number;
  steps: StepResult[];
  /** The highest step held with p99 ≤ 100 ms, no errors, and at least 95 % of its target rate served. */
  sustained: StepResult | null;
}

const passes = (step: StepResult) => step.p99Ms <= P99_LIMIT_MS && step.errors === 0 && step.achievedRate >= step.targetRate * 0.95;

async function ladder(
  servers: RunningServer[],
  data: CohortDatabase,
  probe: ActivityProbe,
  { rates, warmup, measured, prewarmSeconds }: { rates: number[]; warmup: number; measured: number; prewarmSeconds: number },
): Promise<LadderResult> {
  const driver = new Driver(
    servers.map((server) => new URL(server.url)),
    data,
  );
  const steps: StepResult[] = [];
  try {
    // Before the first step: caches and JIT warm, and the hourly peer-percentile rebuild that every instance starts a
    // minute after its start (stats/peers.ts, a scan of every answer) done, so that it does not land in one step.
    if (prewarmSeconds > 0) await driver.step(Math.max(50, Math.round(rates[0]! / 2)), prewarmSeconds, 0);
    for (const rate of rates) {
      const before = await probe.read();
      const result = await driver.step(rate, warmup, measured);
      result.activity = await probe.between(before);
      result.failedBecause = whyStepFailed(result, P99_LIMIT_MS);
      steps.push(result);
      const activity = result.activity;
      console.log(
        `  ${servers.length} instance(s) @ ${rate} req/s: served ${result.achievedRate} req/s, p50 ${result.p50Ms} / p95 ${result.p95Ms} / p99 ${result.p99Ms} ms, ${result.errors} errors`,
      );
      console.log(`    p99 by second from ${result.measuredFrom}: ${result.p99BySecondMs.join(' ')}`);
      console.log(
        `    database: ${activity.checkpointsTimed} timed and ${activity.checkpointsRequested} forced checkpoint(s), ${activity.walMegabytes} MB of WAL, ` +
          `${activity.autovacuumRuns} autovacuum run(s); machine: CPU ${activity.cpuBusyPercent} % busy, load average ${activity.loadAverage}`,
      );
      if (!passes(result)) {
        console.log(`  the step did not hold:\n    - ${result.failedBecause.join('\n    - ')}`);
        console.log('  slowest routes at this step:');
        console.table(result.byRoute);
        if (result.errorSamples.length) console.log(`  errors: ${result.errorSamples.join('\n          ')}`);
        break;
      }
    }
  } finally {
    await driver.drain();
    driver.close();
  }
  return { instances: servers.length, steps, sustained: [...steps].reverse().find(passes) ?? null };
}

function printTable(results: LadderResult[]) {
  console.log(`\nCohort: highest sustained mixed rate with p99 ≤ ${P99_LIMIT_MS} ms and no errors`);
  console.table(
    Object.fromEntries(
      results.flatMap((result) =>
        result.steps.map((step) => [
          `${result.instances} instance${result.instances > 1 ? 's' : ''} @ ${step.targetRate}`,
          {
            'served req/s': step.achievedRate,
            'p50 ms': step.p50Ms,
            'p95 ms': step.p95Ms,
            'p99 ms': step.p99Ms,
            errors: step.errors,
            sustained: step === result.sustained ? '◀ highest' : passes(step) ? 'yes' : 'no',
          },
        ]),
      ),
    ),
  );
}

export async function runCohort(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scaleName = process.env.COHORT_SCALE === 'small' ? 'small' : 'full';
  const scale = SCALES[scaleName];
  const small = scaleName === 'small';
  const rates = (process.env.COHORT_RATES ?? '100,150,200,250,300,350,400,500,600,800,1000,1200,1400,1600,2000').split(',').map(Number);
  const prewarmSeconds = Number(process.env.COHORT_PREWARM_SECONDS ?? (small ? 0 : 65));
  const warmup = Number(process.env.COHORT_WARMUP_SECONDS ?? (small ? 2 : 5));
  const measured = Number(process.env.COHORT_STEP_SECONDS ?? (small ? 8 : 25));
  // COHORT_INSTANCES=0 only makes (or checks) the data set.
  const instanceCounts = (process.env.COHORT_INSTANCES ?? '1,2')
    .split(',')
    .map(Number)
    .filter((count) => count > 0);

  console.log(`\nCohort load (${scaleName}: ${scale.cases} cases, ${scale.users} students, ${scale.answers} answers)`);
  const data = await cohortDatabase(baseUrl, scale);
  console.log(`[cohort] rows (estimates): ${JSON.stringify(data.counts)}`);
  if (instanceCounts.length === 0) return;
  const probe = await ActivityProbe.open(data.url);
  // A server with the defaults fails this load for its checkpoints, not for Galeno: say so before the first step.
  const settings: SettingCheck[] = checkSettings(await probe.settings());
  for (const setting of settings)
    console.log(
      `[cohort] PostgreSQL ${setting.name} = ${setting.current}${setting.short ? ` (recommended ${setting.recommended}: docs/deployment.md)` : ''}`,
    );
  // The yardstick of this machine at this moment (figures depend on what else runs): a bare node:http server.
  const bare = await startBareServer();
  let bareResult: LoadResult;
  try {
    bareResult = await load(bare.url, { seconds: 5 });
  } finally {
    bare.stop();
  }
  console.log(`[cohort] bare node:http: ${bareResult.requestsPerSecond} req/s (load average ${os.loadavg()[0]!.toFixed(1)})`);

  const results: LadderResult[] = [];
  for (const instances of instanceCounts) {
    await prepareRun(data);
    const env = {
      DATABASE_URL: data.url,
      LOG_LEVEL: 'warn',
      // Every simulated student speaks from 127.0.0.1: the per-IP budgets would otherwise stop them.
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_ROUTE_FACTOR: '10000',
      ...(process.env.COHORT_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.COHORT_SERVER_NODE_OPTIONS } : {}),
    };
    const servers: RunningServer[] = [];
    try {
      // One after the other: the second finds the migrations applied and the content loaded.
      for (let i = 0; i < instances; i++) servers.push(await startServer(env));
      console.log(
        `\n${instances} instance(s): ${prewarmSeconds} s at a low rate first, then ${rates.join(', ')} req/s, ${warmup} s warm-up + ${measured} s measured per step`,
      );
      results.push(await ladder(servers, data, probe, { rates, warmup, measured, prewarmSeconds }));
    } finally {
      for (const server of servers) {
        const output = server.output().trim();
        if (output) console.log(`[server output]\n${output.slice(-2000)}`);
        await server.stop();
      }
    }
  }

  await probe.close();
  printTable(results);
  const report = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
    bareNodeHttp: bareResult,
    note: 'The load driver runs on the same machine as the server(s) and PostgreSQL and competes with them for CPU.',
    scale: data.scale,
    rows: data.counts,
    postgresSettings: settings,
    generatedSeconds: data.generatedSeconds,
    p99LimitMs: P99_LIMIT_MS,
    stepSeconds: { prewarm: prewarmSeconds, warmup, measured },
    results: results.map((result) => ({
      instances: result.instances,
      sustained: result.sustained
        ? {
            rate: result.sustained.achievedRate,
            p50Ms: result.sustained.p50Ms,
            p95Ms: result.sustained.p95Ms,
            p99Ms: result.sustained.p99Ms,
            errors: result.sustained.errors,
          }
        : null,
      steps: result.steps,
    })),
  };
  // The reduced scale (development) never overwrites the full run's figures.
  const resultsName = small ? 'cohort-small.json' : 'cohort.json';
  const resultsFile = path.join(repoRoot, 'bench/results', resultsName);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to bench/results/${resultsName}`);
}
