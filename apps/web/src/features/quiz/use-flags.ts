import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { fetchFlags, putFlag } from './api';

export const FLAG_SAVE_FAILED = 'No pudimos guardar la marca. Intenta nuevamente.';

/**
 * The student's flagged questions ("Marcar para repasar"), read once and changed at once on screen: a failed save
 * puts the flag back as it was and says so. A trial keeps no flags (`enabled` false).
 */
export function useFlags(enabled: boolean) {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchFlags(controller.signal).then(
      // Flags are an aid: an answer of the wrong shape is ignored rather than allowed to break the quiz.
      (flags) => setFlagged((current) => new Set([...(Array.isArray(flags?.questionIds) ? flags.questionIds : []), ...current])),
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled]);

  // The latest flags, for a toggle that must know the state it changes before React renders again.
  const latest = useRef(flagged);
  useEffect(() => {
    latest.current = flagged;
  }, [flagged]);
  const set = useCallback((questionId: string, on: boolean) => {
    const updated = new Set(latest.current);
    if (on) updated.add(questionId);
    else updated.delete(questionId);
    latest.current = updated;
    setFlagged(updated);
  }, []);

  const toggle = useCallback(
    async (questionId: string) => {
      const next = !latest.current.has(questionId);
      set(questionId, next);
      try {
        await putFlag(questionId, next);
      } catch {
        set(questionId, !next);
        toast.error(FLAG_SAVE_FAILED);
      }
    },
    [set],
  );

  return {
    enabled,
    flaggedIds: flagged,
    isFlagged: (questionId: string) => flagged.has(questionId),
    toggle,
    /** The control a question shows, or none for a trial. */
    controlFor: (questionId: string) =>
      enabled ? { flagged: flagged.has(questionId), onToggle: () => void toggle(questionId) } : undefined,
  };
}
