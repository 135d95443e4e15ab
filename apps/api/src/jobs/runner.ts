// The one runner for the server's background work (issue 36, F4): each job on its own interval, never overlapping
// its previous run, its failures logged, all of them stopped (and their runs in flight awaited) when the app closes.
// Requests only read and write what they are about; work that happens because time passed is a job (jobs/registry.ts).
import { loggable } from '../plugins/error-handler.ts';

export interface Job {
  /** Named in the logs. */
  name: string;
  everyMs: number;
  /** The first run after start: 0 at once; by default one interval. */
  firstAfterMs?: number;
  run(): Promise<unknown>;
}

export interface JobRunner {
  /** Runs a job now (or waits for the run in flight), for tests and for work that should not wait for the next tick. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

interface JobLog {
  error(object: object, message: string): void;
}

export function startJobs(jobs: readonly Job[], log: JobLog): JobRunner {
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Map<string, Promise<void>>();

  const runJob = (job: Job): Promise<void> => {
    const running = inFlight.get(job.name);
    if (running) return running;
    if (stopped) return Promise.resolve();
    const run = job
      .run()
      .then(
        () => undefined,
        (error: unknown) => log.error({ ...loggable(error), job: job.name }, `job ${job.name} failed`),
      )
      .finally(() => inFlight.delete(job.name));
    inFlight.set(job.name, run);
    return run;
  };

  for (const job of jobs) {
    const tick = () => void runJob(job);
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstAfterMs ?? job.everyMs);
    first.unref();
    timers.push(first);
  }

  return {
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`no job named ${name}`);
      return runJob(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight.values());
    },
  };
}
