import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { unsavedAnswers, type SittingAction, type SittingState } from '@galeno/domain/simulacro-sitting';
import { ApiError } from './api-client';
import { toApiFailure } from './api-failure';
import { writeStoredNumbers } from './stored-numbers';

/*
 * Autosave for an exam sitting (a simulacro, a custom exam in exam mode): every answer chosen goes to the server a
 * moment later and waits in the browser until the server confirms it, so a closed tab or a lost connection loses
 * nothing.
 */

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  /** No connection: the answers wait on this device and go as soon as it is back. */
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

export const SAVE_STATUS_LABELS: Record<SaveStatus['kind'], string> = {
  saved: 'Guardado',
  saving: 'Guardando...',
  offline: 'Sin conexión: tus respuestas esperan en este dispositivo',
  error: 'Sin guardar',
};

/** Sends the answers; resolves false when the server says the sitting moved on (a part closed by its clock). */
export type SaveAnswers = (answers: { questionId: string; optionSelectedIndex: number }[], state: SittingState) => Promise<boolean>;

const RETRY_MS = 5000;
const SAVE_FAILED = 'No pudimos guardar tu respuesta. Lo intentaremos de nuevo.';

/**
 * Saves the unsaved answers of `state`, one request at a time, and keeps them under `storageKey` until the server
 * confirms them. A 409, or `save` resolving false, means the server closed the sitting: `onClosed` reloads it.
 */
export function useSittingAutosave({
  storageKey,
  state,
  dispatch,
  save,
  onClosed,
  onSignedOut,
}: {
  storageKey: string;
  state: SittingState;
  dispatch: Dispatch<SittingAction>;
  save: SaveAnswers;
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
        const open = await save(answers, current);
        dispatch({ type: 'saved', answers });
        setStatus({ kind: 'saved' });
        if (!open) onClosed();
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
        throw error;
      }
    });
    const settled = chain.current;
    // The chain goes on after a failure; whoever awaits this call hears of it.
    chain.current = settled.catch(() => undefined);
    return settled;
  }, [save, dispatch, onClosed, onSignedOut]);

  const unsavedKey = JSON.stringify(state.unsaved);
  useEffect(() => {
    // Kept on this device until the server confirms them, so a closed tab loses none.
    writeStoredNumbers(storageKey, JSON.parse(unsavedKey) as Record<string, number>);
    if (unsavedKey === '{}') return;
    // A short pause, so changing one's mind on an answer sends once.
    const timer = window.setTimeout(() => void saveNow().catch(() => undefined), 300);
    return () => window.clearTimeout(timer);
  }, [storageKey, unsavedKey, attempt, saveNow]);

  useEffect(() => {
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);

  return { status, saveNow };
}
