import { useWaitingCount } from '../../lib/use-waiting-count';
import { gradeOutbox, type GradeOutbox } from './grade-outbox';

const sources = new WeakMap<GradeOutbox, { count: (userId: string) => Promise<number>; subscribe: GradeOutbox['subscribe'] }>();

/** How many of this student's grades wait on the phone for the signal, as it changes (issue 41). */
export function usePendingGrades(userId: string, outbox: GradeOutbox = gradeOutbox): number {
  let source = sources.get(outbox);
  if (!source) sources.set(outbox, (source = { count: outbox.pendingCount, subscribe: outbox.subscribe }));
  return useWaitingCount(source, userId);
}
