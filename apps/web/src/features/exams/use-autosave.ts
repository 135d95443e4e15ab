import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { unsavedAnswers, type SittingAction, type SittingState } from '@galeno/domain/simulacro-sitting';
import { ApiError } from '../../lib/api-client';
import { toApiFailure } from '../../lib/api-failure';
import { saveSimulacroAnswers } from './api';
import { writePending } from './simulacro-format';

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  /** No connection: the answers wait on this device and go as soon as it is back. */
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

const RETRY_MS = 5000;
const SAVE_FAILED = 'No pudimos guardar tu respuesta. Lo intentaremos de nuevo.';

/**
 * Autosave on every answer: what the student chose goes to the server a moment later, one request at a time, and is
 * kept in the browser until the server confirms it, so a closed tab or a lost connection loses nothing. A 409 means
 * the server closed the part (its clock ran out): `onClosed` reloads the sitting from the server.
 */
export function useAutosave({
  quizSessionId,
  state,
  dispatch,
  onClosed,
  onSignedOut,
}: {
  quizSessionId: string;
  state: SittingState;
  dispatch: Dispatch<SittingAction>;
  onClosed: () => void;
  onSignedOut: () => void;
}) {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const chain = useRef<Promise<void>>(Promise.resolve());
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const [attempt, setAttempt] = useState(0);

  const saveNow = useCallback((): Promise<void> => {
    chain.current = chain.current.then(async () => {
      const current = latest.current;
      const answers = unsavedAnswers(current);
      if (current.status !== 'en-curso' || answers.length === 0) return;
      setStatus({ kind: 'saving' });
      try {
        const clock = await saveSimulacroAnswers(quizSessionId, answers, current.index);
        dispatch({ type: 'saved', answers });
        setStatus({ kind: 'saved' });
        if (clock.status !== current.status || clock.part !== current.part) onClosed();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          onClosed();
          return;
        }
        const failure = toApiFailure(error, SAVE_FAILED);
        if (failure.kind === 'signed-out') {
          onSignedOut();
          return;
        }
        setStatus(failure.kind === 'message' && failure.status !== 0 ? { kind: 'error', message: failure.message } : { kind: 'offline' });
        window.setTimeout(() => setAttempt((count) => count + 1), RETRY_MS);
      }
    });
    return chain.current;
  }, [quizSessionId, dispatch, onClosed, onSignedOut]);

  const unsavedKey = JSON.stringify(state.unsaved);
  useEffect(() => {
    writePending(quizSessionId, JSON.parse(unsavedKey) as Record<string, number>);
    if (unsavedKey === '{}') return;
    // A short pause, so changing one's mind on an answer sends once.
    const timer = window.setTimeout(() => void saveNow(), 300);
    return () => window.clearTimeout(timer);
  }, [quizSessionId, unsavedKey, attempt, saveNow]);

  useEffect(() => {
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  return { status, saveNow };
}
