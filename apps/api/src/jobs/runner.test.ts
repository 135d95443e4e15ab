import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobs, type Job } from './runner.ts';

afterEach(() => {
  vi.useRealTimers();
});

function recordingLog() {
  const errors: string[] = [];
  return { errors, log: { error: (_object: object, message: string) => errors.push(message) } };
}

describe('the job runner (issue 36)', () => {
  it('runs each job on its interval after its first delay, never overlapping its own previous run', async () => {
    vi.useFakeTimers();
    let started = 0;
    let release: () => void = () => undefined;
    const job: Job = {
      name: 'slow',
      everyMs: 1_000,
      firstAfterMs: 500,
      run: () => {
        started++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const { log } = recordingLog();
    const runner = startJobs([job], log);
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    // Still running at the next two ticks: no second run beside it.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    release();
    await runner.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(2);
  });

  it('logs a failed run with the job’s name and runs it again at the next tick', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const { errors, log } = recordingLog();
    const runner = startJobs(
      [
        {
          name: 'flaky',
          everyMs: 1_000,
          run: async () => {
            runs++;
            if (runs === 1) throw new Error('database away');
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual(['job flaky failed']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
    await runner.stop();
  });

  it('runs a job at once on request, joining a run in flight, and waits for runs in flight when stopped', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const { log } = recordingLog();
    const runner = startJobs(
      [
        {
          name: 'on-demand',
          everyMs: 60_000,
          run: () => {
            runs++;
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
      log,
    );
    const first = runner.runNow('on-demand');
    const second = runner.runNow('on-demand');
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await Promise.all([first, second, stopping]);
    expect(stopped).toBe(true);
    // Stopped: asking again runs nothing.
    await runner.runNow('on-demand');
    expect(runs).toBe(1);
    expect(() => runner.runNow('unknown')).toThrow('no job named unknown');
  });
});
