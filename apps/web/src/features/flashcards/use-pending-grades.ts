import { useEffect, useState } from 'react';
import { gradeOutbox, type GradeOutbox } from './grade-outbox';

/** How many of this student's grades wait on the phone for the signal, as it changes (issue 41). */
export function usePendingGrades(userId: string, outbox: GradeOutbox = gradeOutbox): number {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    let alive = true;
    const count = () => void outbox.pendingCount(userId).then((n) => alive && setPending(n), () => undefined);
    count();
    const unsubscribe = outbox.subscribe(count);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [outbox, userId]);
  return pending;
}
