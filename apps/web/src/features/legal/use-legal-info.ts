import { useCallback, useEffect, useState } from 'react';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { fetchLegalInfo, type LegalInfo } from './api';

/** The operator's data as the legal pages see them: the page text never waits for them. */
export type LegalInfoState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; info: LegalInfo };

/**
 * Loads GET /api/legal after the first paint. `retry` starts over (loading again), for the button the pages show
 * when the data could not be loaded. The server sends the answer with a short cache, so moving between the four
 * pages does not wait on the network each time.
 */
export function useLegalInfo(): { state: LegalInfoState; retry: () => void } {
  const [state, setState] = useState<LegalInfoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchLegalInfo(controller.signal).then(
      (info) => setState({ status: 'ready', info }),
      (error: unknown) => {
        // An abort (the page unmounting or a retry) has nobody left to tell.
        if (controller.signal.aborted) return;
        setState({ status: 'failed', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((current) => current + 1);
  }, []);

  return { state, retry };
}
