import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { QuizSessionKind } from '@galeno/domain/contracts/quiz';
import { createQuizSession } from './api';

export interface QuizSessionHandle {
  /** The server's session id, opening the session first if it is not open yet (one request, however often asked). */
  open: () => Promise<string>;
  /** The id once the server answered; undefined before (a first case is picked without it). */
  currentId: () => string | undefined;
}

/**
 * One quiz session that the server opens (never an id the page invents). It is asked for when the quiz
 * mounts, alongside the first case, so grading rarely waits for it; a failed request is asked again by the
 * next answer.
 */
export function useQuizSession(kind: QuizSessionKind, existingId?: string): QuizSessionHandle {
  // A session the server already opened (a review session) is used as it is.
  const holder = useRef<{ promise: Promise<string> | null; id: string | undefined }>(
    existingId ? { promise: Promise.resolve(existingId), id: existingId } : { promise: null, id: undefined },
  );

  const open = useCallback(() => {
    const current = holder.current;
    current.promise ??= createQuizSession({ kind }).then(
      (session) => {
        current.id = session.quizSessionId;
        return session.quizSessionId;
      },
      (error: unknown) => {
        current.promise = null;
        throw error;
      },
    );
    return current.promise;
  }, [kind]);

  useEffect(() => {
    // Opened early; a failure here is retried (and reported) by the first answer.
    open().catch(() => undefined);
  }, [open]);

  // A stable handle: effects that depend on it (loading a case) must not run again when the session opens.
  return useMemo(() => ({ open, currentId: () => holder.current.id }), [open]);
}
