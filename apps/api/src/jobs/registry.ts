// Every piece of background work the server does, in one list (issue 36, F4): what it is, how often, and what runs.
// app.ts starts them with jobs/runner.ts when it builds the app and stops them when it closes.
import type { Db } from '../db/client.ts';
import { runExclusive } from '../db/exclusive.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { saveEveryLeftSession } from '../modules/sessions/evaluations.ts';
import { refreshPeerSnapshots } from '../modules/stats/peers.ts';
import { sendDueDigests, type DigestConfig } from '../modules/plan/digest.ts';
import type { Job } from './runner.ts';

export const JOB_NAMES = ['mail-outbox', 'peer-snapshots', 'left-sessions', 'plan-digest'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export function serverJobs({ db, outbox, digest }: { db: Db; outbox: OutboxWorker; digest: DigestConfig }): (Job & { name: JobName })[] {
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
    {
      // The study plan's morning e-mail (issue 40), from 6:00 in Mexico City, one a morning per student who asked for it.
      name: 'plan-digest',
      everyMs: 15 * 60_000,
      firstAfterMs: 2 * 60_000,
      run: async () => {
        const outcome = await runExclusive(db, 'plan-digest', (tx) => sendDueDigests(tx, digest));
        if (outcome.ran && outcome.result > 0) outbox.kick();
      },
    },
  ];
}
