// What the database and the machine did during each step of the cohort bench (issue 36): checkpoints, WAL written,
// autovacuum, CPU and load, so that a failed step says why it failed instead of only that it did. Also the PostgreSQL
// settings this workload wants (docs/deployment.md, compose.yaml), compared with the server the bench runs against.
import os from 'node:os';
import pg from 'pg';

/**
 * PostgreSQL settings for Galeno's workload: many small writes (answers, sessions) on a database of a few GB. The
 * defaults (128 MB of shared buffers, a checkpoint at each 1 GB of WAL) made checkpoints «occur too frequently» under
 * the cohort load and stalled requests for a second at a time. compose.yaml passes exactly these to its `postgres`.
 */
export const POSTGRES_SETTINGS = {
  /** A quarter of a 2 GB database host; the answers' hot indexes stay in memory. */
  shared_buffers: '512MB',
  effective_cache_size: '1536MB',
  /** A checkpoint every 15 min, not at each GB of WAL: a busy evening writes that in minutes. */
  max_wal_size: '4GB',
  checkpoint_timeout: '15min',
  checkpoint_completion_target: '0.9',
  /** On (the default), and eager on the big tables: answers grow by the million. */
  autovacuum: 'on',
  autovacuum_vacuum_scale_factor: '0.05',
  autovacuum_analyze_scale_factor: '0.02',
} as const;

export type SettingName = keyof typeof POSTGRES_SETTINGS;

/** A setting's value in its base unit (bytes, seconds, a number, or on/off as 1/0), to compare across spellings. */
export function settingValue(text: string): number {
  const value = text.trim().toLowerCase();
  if (value === 'on' || value === 'true') return 1;
  if (value === 'off' || value === 'false') return 0;
  const match = /^(-?\d+(?:\.\d+)?)\s*(kb|mb|gb|tb|ms|s|min|h|d)?$/.exec(value);
  if (!match) return Number.NaN;
  const amount = Number(match[1]);
  const factor: Record<string, number> = {
    kb: 1024,
    mb: 1024 ** 2,
    gb: 1024 ** 3,
    tb: 1024 ** 4,
    ms: 0.001,
    s: 1,
    min: 60,
    h: 3600,
    d: 86_400,
  };
  return amount * (match[2] ? factor[match[2]]! : 1);
}

export interface SettingCheck {
  name: SettingName;
  current: string;
  recommended: string;
  /** Whether the server's value falls short of (or, for the scale factors, exceeds) the recommendation. */
  short: boolean;
}

/** The server's settings beside the recommended ones; for the scale factors, less is more eager. */
export function checkSettings(current: Partial<Record<SettingName, string>>): SettingCheck[] {
  return (Object.keys(POSTGRES_SETTINGS) as SettingName[]).map((name) => {
    const recommended = POSTGRES_SETTINGS[name];
    const found = current[name] ?? '?';
    const have = settingValue(found);
    const want = settingValue(recommended);
    const lowerIsBetter = name.endsWith('_scale_factor');
    const short = Number.isNaN(have) || (lowerIsBetter ? have > want : have < want);
    return { name, current: found, recommended, short };
  });
}

/** The settings as the server reports them (`SHOW` spelling, with units). */
export async function readSettings(client: pg.Client): Promise<Partial<Record<SettingName, string>>> {
  const { rows } = await client.query<{ name: SettingName; value: string }>(
    `select name, current_setting(name) as value from unnest($1::text[]) as name`,
    [Object.keys(POSTGRES_SETTINGS)],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/** Counters read before and after a step. */
interface Counters {
  checkpointsTimed: number;
  checkpointsRequested: number;
  checkpointBuffers: number;
  walBytes: number;
  autovacuumRuns: number;
  cpuBusy: number;
  cpuTotal: number;
}

/** What happened during one step: the differences of the counters, and the machine's load at its end. */
export interface StepActivity {
  checkpointsTimed: number;
  /** Checkpoints forced by WAL volume (max_wal_size reached): the ones that stall a write-heavy load. */
  checkpointsRequested: number;
  checkpointMegabytes: number;
  walMegabytes: number;
  autovacuumRuns: number;
  /** Autovacuum workers at work when the step ended. */
  autovacuumWorkersAtEnd: number;
  /** The whole machine's CPU use during the step (driver, servers, database), 0–100. */
  cpuBusyPercent: number;
  loadAverage: number;
}

function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { cpuBusy: busy, cpuTotal: total };
}

/** Watches one database (the cohort's) over a connection of its own, outside the servers' pools. */
export class ActivityProbe {
  private constructor(
    private readonly client: pg.Client,
    /** The checkpoint counters' view: pg_stat_checkpointer on PostgreSQL 17 and later, pg_stat_bgwriter before. */
    private readonly checkpointsQuery: string,
  ) {}

  static async open(url: string): Promise<ActivityProbe> {
    const client = new pg.Client({ connectionString: url, application_name: 'galeno-bench-probe' });
    client.on('error', () => undefined);
    await client.connect();
    const { has } = (await client.query<{ has: boolean }>(`select to_regclass('pg_catalog.pg_stat_checkpointer') is not null as has`))
      .rows[0]!;
    return new ActivityProbe(
      client,
      has
        ? `select num_timed as timed, num_requested as requested, buffers_written as buffers from pg_stat_checkpointer`
        : `select checkpoints_timed as timed, checkpoints_req as requested, buffers_checkpoint as buffers from pg_stat_bgwriter`,
    );
  }

  settings() {
    return readSettings(this.client);
  }

  /** The counters now. */
  async read(): Promise<Counters> {
    const [row] = (await this.client.query<{ timed: string; requested: string; buffers: string }>(this.checkpointsQuery)).rows;
    const wal = (await this.client.query<{ bytes: string }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0') as bytes`)).rows[0]!;
    const vacuum = (
      await this.client.query<{ runs: string }>(
        `select coalesce(sum(autovacuum_count + autoanalyze_count), 0) as runs from pg_stat_all_tables`,
      )
    ).rows[0]!;
    return {
      checkpointsTimed: Number(row?.timed ?? 0),
      checkpointsRequested: Number(row?.requested ?? 0),
      checkpointBuffers: Number(row?.buffers ?? 0),
      walBytes: Number(wal.bytes),
      autovacuumRuns: Number(vacuum.runs),
      ...cpuTimes(),
    };
  }

  async between(before: Counters): Promise<StepActivity> {
    // The table statistics a backend sees are a snapshot taken at its first read in a transaction: start afresh.
    await this.client.query('select pg_stat_clear_snapshot()');
    const after = await this.read();
    const workers = (
      await this.client.query<{ n: string }>(`select count(*) as n from pg_stat_activity where backend_type = 'autovacuum worker'`)
    ).rows[0]!;
    const megabytes = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;
    const total = after.cpuTotal - before.cpuTotal;
    return {
      checkpointsTimed: after.checkpointsTimed - before.checkpointsTimed,
      checkpointsRequested: after.checkpointsRequested - before.checkpointsRequested,
      checkpointMegabytes: megabytes((after.checkpointBuffers - before.checkpointBuffers) * 8192),
      walMegabytes: megabytes(after.walBytes - before.walBytes),
      autovacuumRuns: after.autovacuumRuns - before.autovacuumRuns,
      autovacuumWorkersAtEnd: Number(workers.n),
      cpuBusyPercent: total > 0 ? Math.round(((after.cpuBusy - before.cpuBusy) / total) * 100) : 0,
      loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    };
  }

  close() {
    return this.client.end().catch(() => undefined);
  }
}

/** The parts of a step's result that say whether it held. */
export interface StepOutcome {
  targetRate: number;
  achievedRate: number;
  p99Ms: number;
  errors: number;
  p99BySecondMs: number[];
  errorSamples: string[];
  activity?: StepActivity;
}

/**
 * Why a step did not hold, in words: which limit it broke, and what the database and the machine were doing meanwhile
 * (forced checkpoints, autovacuum, a saturated CPU), so that a failure on a noisy or mistuned machine is told apart from
 * a slow server. Empty when the step held.
 */
export function whyStepFailed(step: StepOutcome, p99LimitMs: number): string[] {
  const reasons: string[] = [];
  if (step.p99Ms > p99LimitMs) {
    const slow = step.p99BySecondMs.map((ms, second) => ({ ms, second })).filter(({ ms }) => ms > p99LimitMs);
    const stalls = slow.filter(({ ms }) => ms >= 1000).length;
    reasons.push(
      `p99 ${step.p99Ms} ms over ${p99LimitMs} ms, in ${slow.length} of ${step.p99BySecondMs.length} seconds` +
        (slow.length ? ` (seconds ${slow.map(({ second, ms }) => `${second}: ${ms} ms`).join(', ')})` : '') +
        (stalls ? `; ${stalls} of them stalled a second or more` : ''),
    );
  }
  if (step.errors > 0) reasons.push(`${step.errors} errors${step.errorSamples[0] ? ` (first: ${step.errorSamples[0]})` : ''}`);
  if (step.achievedRate < step.targetRate * 0.95)
    reasons.push(`served ${step.achievedRate} of the ${step.targetRate} req/s asked (under 95 %)`);
  if (reasons.length === 0) return [];
  const activity = step.activity;
  if (activity) {
    if (activity.checkpointsRequested > 0)
      reasons.push(
        `meanwhile ${activity.checkpointsRequested} checkpoint(s) forced by WAL volume (${activity.walMegabytes} MB written): ` +
          `max_wal_size is too small for this write rate (recommended ${POSTGRES_SETTINGS.max_wal_size})`,
      );
    else if (activity.checkpointsTimed > 0) reasons.push(`meanwhile a timed checkpoint wrote ${activity.checkpointMegabytes} MB`);
    if (activity.autovacuumRuns > 0 || activity.autovacuumWorkersAtEnd > 0)
      reasons.push(
        `meanwhile autovacuum ran ${activity.autovacuumRuns} time(s)` +
          (activity.autovacuumWorkersAtEnd ? `, ${activity.autovacuumWorkersAtEnd} worker(s) still at work` : ''),
      );
    if (activity.cpuBusyPercent >= 90)
      reasons.push(
        `the machine's CPU was ${activity.cpuBusyPercent} % busy (load average ${activity.loadAverage}): the driver, the server(s) and ` +
          'PostgreSQL competed for it, so this step measures the machine as much as the server',
      );
  }
  return reasons;
}
