import { useEffect, useEffectEvent } from 'react';
import type { Grade } from '@galeno/domain/flashcard-grades';
import { isTypingTarget } from '../../lib/keyboard-shortcuts';

/*
 * Keyboard for the study session, documented on screen: Space reveals the answer, 1–4 grade it (Otra vez,
 * Difícil, Bien, Fácil, as in Anki), U undoes the last grade. Listened for on the whole page, so they work wherever focus is, except where the
 * key already means something: typing in a field, a dialog, a browser shortcut, and Space on a button or
 * link (Space presses the focused button; handling it too would act twice).
 */

/** Space already presses (or toggles) these. */
function isActivatable(target: Element): boolean {
  return target.closest('button, a[href], input, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"]') !== null;
}

export interface StudyShortcuts {
  enabled: boolean;
  /** Returns whether it revealed, so an unused Space still scrolls the page. */
  onReveal: () => boolean;
  onGrade: (grade: Grade) => void;
  onUndo: () => void;
}

const GRADE_KEYS: Record<string, Grade> = { '1': 'again', '2': 'hard', '3': 'good', '4': 'easy' };

export function useStudyShortcuts({ enabled, onReveal, onGrade, onUndo }: StudyShortcuts): void {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    // A held key repeats: one press, one action.
    if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (isTypingTarget(target) || target.closest('dialog') !== null)) return;

    if (event.key === ' ') {
      if (target && isActivatable(target)) return;
      if (onReveal()) event.preventDefault();
      return;
    }
    const grade = GRADE_KEYS[event.key];
    if (grade) {
      event.preventDefault();
      onGrade(grade);
    } else if (event.key === 'u' || event.key === 'U') {
      event.preventDefault();
      onUndo();
    }
  });

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
