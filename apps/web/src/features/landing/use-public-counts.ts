import { useEffect, useState } from 'react';
import { fetchPublicCounts, type PublicCounts } from './api';

/** Loading and failed are told apart so the page can hold a placeholder only while the figures may still come. */
export type PublicCountsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; counts: PublicCounts };

/** The social-proof figures, fetched after the first paint. */
export function usePublicCounts(): PublicCountsState {
  const [state, setState] = useState<PublicCountsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicCounts(controller.signal).then(
      (counts) => setState({ status: 'ready', counts }),
      () => {
        // The page reads fine without the figures; an abort (unmount) has nobody left to tell.
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
