import { useId, type ReactNode } from 'react';
import { useKeyboardInUse, useKeyboardShortcutsEnabled } from '../../lib/keyboard-shortcuts';

/**
 * 'Atajos de teclado' (shown only where a keyboard is in use): turns the single-key shortcuts (quizzes, flashcards) off and on (WCAG 2.1.4), with what they do
 * while they are on. A real checkbox, so it is named, focusable and announced as on or off.
 */
export function KeyboardShortcutsToggle({ hint, className = '' }: { hint: ReactNode; className?: string }) {
  const [enabled, setEnabled] = useKeyboardShortcutsEnabled();
  const keyboardInUse = useKeyboardInUse();
  const hintId = useId();
  // A touch screen without a keyboard has no use for shortcuts: nothing to show until a key is pressed.
  if (!keyboardInUse) return null;
  return (
    <div className={`flex flex-wrap items-center justify-end gap-x-4 ${className}`}>
      {/* Phones rarely have a keyboard: the hint shows from 1024 px, screen readers always get it. */}
      {enabled && (
        <p id={hintId} className="sr-only text-sm text-slate-600 lg:not-sr-only">
          Atajos: {hint}
        </p>
      )}
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
          aria-describedby={enabled ? hintId : undefined}
          className="size-5 shrink-0 accent-brand-700"
        />
        Atajos de teclado
      </label>
    </div>
  );
}
