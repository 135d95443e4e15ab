import { useEffect, useEffectEvent } from 'react';
import { MAX_CASE_OPTIONS } from '@galeno/domain/scores';
import { isTypingTarget, useKeyboardShortcutsEnabled } from '../../lib/keyboard-shortcuts';

/** 'a'–'j' (either case) → 0–9; '1'–'9' → 0–8 and '0' → 9, as on a keyboard's number row. */
export function keyToOptionIndex(key: string): number | null {
  if (key.length !== 1) return null;
  const lower = key.toLowerCase();
  const letter = lower.charCodeAt(0) - 'a'.charCodeAt(0);
  if (letter >= 0 && letter < MAX_CASE_OPTIONS) return letter;
  if (lower === '0') return 9;
  if (lower >= '1' && lower <= '9') return Number(lower) - 1;
  return null;
}

/** Enter already means "press me" on these. */
function isActivatable(target: Element): boolean {
  return target.closest('button, a[href], summary, [role="button"], [role="link"]') !== null;
}

export interface OptionShortcuts {
  /** Off while grading, after grading, and while nothing is on screen (and always when the person turned shortcuts off). */
  enabled: boolean;
  onOption: (optionIndex: number) => void;
  /** Enter: grade, when allowed. */
  onSubmit: () => void;
}

/**
 * Keyboard answers (A–J or 1–9/0 choose an option of the active question, Enter grades), listened for
 * on the whole page so they work wherever focus is, except in a text field, inside a dialog, or with a
 * modifier held (the browser's own shortcuts). 'Atajos de teclado' off (lib/keyboard-shortcuts.ts) turns
 * them all off.
 */
export function useOptionShortcuts({ enabled, onOption, onSubmit }: OptionShortcuts): void {
  const [shortcutsOn] = useKeyboardShortcutsEnabled();
  const listening = enabled && shortcutsOn;
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (isTypingTarget(target) || target.closest('dialog') !== null)) return;
    if (event.key === 'Enter') {
      if (target && isActivatable(target)) return;
      event.preventDefault();
      onSubmit();
      return;
    }
    const index = keyToOptionIndex(event.key);
    if (index === null) return;
    event.preventDefault();
    onOption(index);
  });

  useEffect(() => {
    if (!listening) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [listening]);
}
