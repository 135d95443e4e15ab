import { useEffect, useReducer, useRef, useState } from 'react';
import { paletteOf, sittingReducer, startSitting, type SittingStart } from '@galeno/domain/simulacro-sitting';
import { useSittingAutosave, type SaveAnswers } from '../../lib/sitting-autosave';
import { readStoredNumbers } from '../../lib/stored-numbers';
import { useFlags } from './use-flags';

/**
 * One exam sitting on the page (issue 36, F1): a simulacro or a custom exam in «Examen» mode. It starts from the
 * server's copy plus the answers this device has not had confirmed yet (kept under `storageKey`), saves each answer
 * as it is chosen (`lib/sitting-autosave.ts`), keeps the student's flags, the question map, and the focus on the
 * heading of the question on screen. What differs between the two (parts and their clock, a pace kept per question,
 * how they finish) stays with each screen.
 */
export function useSitting({
  storageKey,
  start,
  save,
  onClosed,
  onSignedOut,
  knownFlags,
}: {
  storageKey: string;
  /** The sitting as the server has it; the device's unconfirmed answers are added from `storageKey`. */
  start: Omit<SittingStart, 'pending'>;
  save: SaveAnswers;
  /** The server closed the sitting (its clock, another device): reload it. */
  onClosed: () => void;
  onSignedOut: () => void;
  /** The flags the sitting came with; without them the student's flags are read once. */
  knownFlags?: readonly string[];
}) {
  const [state, dispatch] = useReducer(sittingReducer, undefined, () => startSitting({ ...start, pending: readStoredNumbers(storageKey) }));
  const { status: saveStatus, saveNow } = useSittingAutosave({ storageKey, state, dispatch, save, onClosed, onSignedOut });
  const flags = useFlags(true, { known: knownFlags });
  const [paletteOpen, setPaletteOpen] = useState(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    // A new question: its heading takes focus (keyboard and screen readers start there), at the top of the page.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, [state.index]);

  const questionId = state.questionIds[state.index]!;
  return {
    state,
    dispatch,
    questionId,
    saveStatus,
    saveNow,
    flags,
    headingRef,
    select: (option: number) => dispatch({ type: 'select', questionId, option }),
    palette: {
      open: paletteOpen,
      toggle: () => setPaletteOpen((open) => !open),
      entries: () => paletteOf(state, flags.flaggedIds),
      go: (index: number) => {
        dispatch({ type: 'go', index });
        setPaletteOpen(false);
      },
    },
  };
}
