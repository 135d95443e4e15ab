import { useEffect, useEffectEvent } from 'react';
import { isTypingTarget } from '../../lib/keyboard-shortcuts';

/*
 * Keyboard for the study session, documented on screen: Space reveals the answer, 1 marks 'La sabía',
 * 2 marks 'No la sabía'. Listened for on the whole page, so they work wherever focus is, except where the
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
  onMark: (correct: boolean) => void;
}

export function useStudyShortcuts({ enabled, onReveal, onMark }: StudyShortcuts): void {
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
    if (event.key === '1' || event.key === '2') {
      event.preventDefault();
      onMark(event.key === '1');
    }
  });

  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
