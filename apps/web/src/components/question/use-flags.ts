import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { toast } from '../ui/toast';

export const FLAG_SAVE_FAILED = 'No pudimos guardar la marca. Intenta nuevamente.';

/**
 * The student's flagged questions ("Marcar para repasar"), read once and changed at once on screen: a failed save
 * puts the flag back as it was and says so. A trial keeps no flags (`enabled` false). Every question screen (the
 * quiz, a custom exam, a simulacro) keeps its flags here; a sitting that came with its flags (`known`) reads none.
 */
export function useFlags(enabled: boolean, { known }: { known?: readonly string[] } = {}) {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => new Set(known));
  const readFlags = enabled && known === undefined;

  useEffect(() => {
    if (!readFlags) return;
    const controller = new AbortController();
    api.quiz.flags({ signal: controller.signal }).then(
      // Flags are an aid: an answer of the wrong shape is ignored rather than allowed to break the quiz.
      (flags) => setFlagged((current) => new Set([...(Array.isArray(flags?.questionIds) ? flags.questionIds : []), ...current])),
      () => undefined,
    );
    return () => controller.abort();
  }, [readFlags]);

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
        await api.quiz.setFlag({ params: { questionId }, body: { flagged: next } });
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
