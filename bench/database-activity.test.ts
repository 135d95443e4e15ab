import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ActivityProbe, checkSettings, POSTGRES_SETTINGS, settingValue, whyStepFailed, type StepActivity } from './database-activity.ts';

const quiet: StepActivity = {
  checkpointsTimed: 0,
  checkpointsRequested: 0,
  checkpointMegabytes: 0,
  walMegabytes: 12,
  autovacuumRuns: 0,
  autovacuumWorkersAtEnd: 0,
  cpuBusyPercent: 60,
  loadAverage: 1.2,
};

describe('the cohort bench says why a step failed (issue 36)', () => {
  it('says nothing of a step that held', () => {
    expect(
      whyStepFailed({ targetRate: 600, achievedRate: 598, p99Ms: 40, errors: 0, p99BySecondMs: [30, 40], errorSamples: [], activity: quiet }, 100),
    ).toEqual([]);
  });

  it('names the slow seconds, the stalls, and the forced checkpoints and autovacuum behind them', () => {
    const reasons = whyStepFailed(
      {
        targetRate: 600,
        achievedRate: 590,
        p99Ms: 602,
        errors: 0,
        p99BySecondMs: [40, 1200, 35, 150],
        errorSamples: [],
        activity: { ...quiet, checkpointsRequested: 2, walMegabytes: 2100, autovacuumRuns: 3, autovacuumWorkersAtEnd: 1 },
      },
      100,
    );
    expect(reasons[0]).toBe('p99 602 ms over 100 ms, in 2 of 4 seconds (seconds 1: 1200 ms, 3: 150 ms); 1 of them stalled a second or more');
    expect(reasons[1]).toContain('2 checkpoint(s) forced by WAL volume (2100 MB written)');
    expect(reasons[1]).toContain(`recommended ${POSTGRES_SETTINGS.max_wal_size}`);
    expect(reasons[2]).toBe('meanwhile autovacuum ran 3 time(s), 1 worker(s) still at work');
  });

  it('tells errors, a rate not served and a saturated machine apart', () => {
    const reasons = whyStepFailed(
      {
        targetRate: 1000,
        achievedRate: 800,
        p99Ms: 90,
        errors: 4,
        p99BySecondMs: [90],
        errorSamples: ['quiz.answer → 503'],
        activity: { ...quiet, cpuBusyPercent: 97, loadAverage: 5.1 },
      },
      100,
    );
    expect(reasons).toEqual([
      '4 errors (first: quiz.answer → 503)',
      'served 800 of the 1000 req/s asked (under 95 %)',
      expect.stringContaining("the machine's CPU was 97 % busy (load average 5.1)"),
    ]);
  });

  it('compares PostgreSQL settings across units, lower being better for the scale factors', () => {
    expect(settingValue('128MB')).toBe(128 * 1024 ** 2);
    expect(settingValue('4GB')).toBe(settingValue('4096MB'));
    expect(settingValue('5min')).toBe(300);
    expect(settingValue('off')).toBe(0);
    const checks = checkSettings({
      shared_buffers: '128MB',
      effective_cache_size: '4GB',
      max_wal_size: '1GB',
      checkpoint_timeout: '15min',
      checkpoint_completion_target: '0.9',
      autovacuum: 'off',
      autovacuum_vacuum_scale_factor: '0.2',
      autovacuum_analyze_scale_factor: '0.01',
    });
    expect(checks.filter((check) => check.short).map((check) => check.name)).toEqual([
      'shared_buffers',
      'max_wal_size',
      'autovacuum',
      'autovacuum_vacuum_scale_factor',
    ]);
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on a real PostgreSQL', () => {
    it('reads the settings and counts the WAL and checkpoints of a step', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const table = `bench_probe_${process.pid}_${Date.now()}`;
      const probe = await ActivityProbe.open(url);
      const writer = new pg.Client({ connectionString: url });
      await writer.connect();
      try {
        const settings = await probe.settings();
        expect(Object.keys(settings).sort()).toEqual(Object.keys(POSTGRES_SETTINGS).sort());
        const before = await probe.read();
        // A real table: temporary ones write no WAL.
        await writer.query(`create table ${table} (n int, filler text)`);
        await writer.query(`insert into ${table} select n, repeat('x', 200) from generate_series(1, 20000) n`);
        await writer.query('checkpoint');
        const activity = await probe.between(before);
        expect(activity.walMegabytes).toBeGreaterThan(1);
        expect(activity.checkpointsRequested).toBeGreaterThanOrEqual(1);
        expect(activity.cpuBusyPercent).toBeGreaterThanOrEqual(0);
      } finally {
        await writer.query(`drop table if exists ${table}`);
        await writer.end();
        await probe.close();
      }
    });
  });
});
