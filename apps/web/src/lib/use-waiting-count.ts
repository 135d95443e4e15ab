import { useEffect, useState } from 'react';

/** What one of the phone's outboxes holds for this account, as it changes (issue 41: grades, pack answers). */
export interface WaitingSource {
  count(userId: string): Promise<number>;
  subscribe(listener: () => void): () => void;
}

export function useWaitingCount(source: WaitingSource, userId: string): number {
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    let alive = true;
    const count = () => void source.count(userId).then((n) => alive && setWaiting(n), () => undefined);
    count();
    const unsubscribe = source.subscribe(count);
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [source, userId]);
  return waiting;
}
