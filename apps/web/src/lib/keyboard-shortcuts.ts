import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';

/**
 * Whether single-key shortcuts (a letter or a digit that answers, Enter that grades) are on. WCAG 2.1.4
 * asks for a way to turn them off: someone using speech input or a switch can "type" letters by accident.
 * One preference for every screen that has such shortcuts (the quizzes, the flashcards), kept in
 * localStorage; on unless the person turned it off.
 */

export const KEYBOARD_SHORTCUTS_STORAGE_KEY = 'keyboard-shortcuts';

const listeners = new Set<() => void>();
// Only used when storage refuses the write.
let memory: boolean | null = null;

function read(): boolean {
  try {
    return window.localStorage.getItem(KEYBOARD_SHORTCUTS_STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setKeyboardShortcutsEnabled(enabled: boolean): void {
  try {
    if (enabled) window.localStorage.removeItem(KEYBOARD_SHORTCUTS_STORAGE_KEY);
    else window.localStorage.setItem(KEYBOARD_SHORTCUTS_STORAGE_KEY, 'off');
  } catch {
    // Private mode or a full quota: the choice still holds until the page reloads.
    memory = enabled;
  }
  for (const listener of listeners) listener();
}

function snapshot(): boolean {
  return memory ?? read();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEYBOARD_SHORTCUTS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** [enabled, setEnabled]: the preference, shared live by every component that reads it. */
export function useKeyboardShortcutsEnabled(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, snapshot, () => true);
  const set = useCallback((next: boolean) => setKeyboardShortcutsEnabled(next), []);
  return [enabled, set];
}

const NON_TEXT_INPUTS = new Set(['radio', 'checkbox', 'button', 'submit', 'reset']);

/** Somewhere the person types: their letters, digits, Space and Enter are theirs, not shortcuts. */
export function isTypingTarget(target: Element): boolean {
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

// A keyboard is "in use" on a device with a fine pointer (a computer) or once any key has been pressed here (a
// phone or tablet with a keyboard attached). Touch-only screens never see the shortcut controls.
let keyPressed = false;
const keyboardListeners = new Set<() => void>();

function finePointer(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return window.matchMedia('(pointer: fine)').matches;
}

function subscribeKeyboard(listener: () => void) {
  keyboardListeners.add(listener);
  const onKey = (event: KeyboardEvent) => {
    if (keyPressed || event.key === 'Unidentified') return;
    keyPressed = true;
    for (const notify of keyboardListeners) notify();
  };
  window.addEventListener('keydown', onKey);
  return () => {
    keyboardListeners.delete(listener);
    window.removeEventListener('keydown', onKey);
  };
}

/** Whether to show keyboard hints and the "Atajos de teclado" control: only where a keyboard is used. */
export function useKeyboardInUse(): boolean {
  return useSyncExternalStore(
    subscribeKeyboard,
    () => keyPressed || finePointer(),
    () => true,
  );
}

/** M flags or unflags the question on screen (the active one in a case), except while typing or in a dialog. */
export function useFlagShortcut({ enabled, onFlag }: { enabled: boolean; onFlag: () => void }): void {
  const [shortcutsOn] = useKeyboardShortcutsEnabled();
  const listening = enabled && shortcutsOn;
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (event.key !== 'm' && event.key !== 'M') return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && (isTypingTarget(target) || target.closest('dialog') !== null)) return;
    event.preventDefault();
    onFlag();
  });
  useEffect(() => {
    if (!listening) return;
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [listening]);
}
