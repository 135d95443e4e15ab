// Every piece of background work the server does, in one list (issue 36, F4): what it is, how often, and what runs.
// app.ts starts them with jobs/runner.ts when it builds the app and stops them when it closes.
import type { Db } from '../db/client.ts';
import { runExclusive } from '../db/exclusive.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { saveEveryLeftSession } from '../modules/sessions/evaluations.ts';
import { refreshPeerSnapshots } from '../modules/stats/peers.ts';
import type { Job } from './runner.ts';

export const JOB_NAMES = ['mail-outbox', 'peer-snapshots', 'left-sessions'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function serverJobs({ db, outbox }: { db: Db; outbox: OutboxWorker }): (Job & { name: JobName })[] {
  return [
    {
      // E-mails committed with what they announce leave through the outbox (decision 019); each request that enqueues
      // one also asks for a drain at once, so this is the net for retries and for what a stopped instance left.
      name: 'mail-outbox',
      everyMs: 5_000,
      run: () => {
        outbox.kick();
        return outbox.settled();
      },
    },
    {
      // Peer percentiles per area (decision 016): hourly, on one instance at a time; the first a minute after start.
      name: 'peer-snapshots',
      everyMs: 60 * 60_000,
      firstAfterMs: 60_000,
      run: () => refreshPeerSnapshots(db),
    },
    {
      // Sessions left open in a closed tab, saved once idle (review finding 15), on one instance at a time.
      name: 'left-sessions',
      everyMs: 5 * 60_000,
      firstAfterMs: 30_000,
      run: () => runExclusive(db, 'left-sessions', (tx) => saveEveryLeftSession(tx)),
    },
  ];
}
