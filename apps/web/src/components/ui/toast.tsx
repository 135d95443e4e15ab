import { useSyncExternalStore } from 'react';

/**
 * Small toasts for every feature (spec: "Auth calls show the server's errorMessage as an error toast").
 * A module-level queue, so code outside React (the session store, a loader) can raise one too, and one
 * <Toaster /> at the root renders it. Two live regions exist from the start, because screen readers
 * only announce changes inside a region they already know: errors go to the assertive `alert` region,
 * everything else to the polite `status` region.
 */

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ToastOptions {
  /** How long it stays; errors stay longer because they usually need reading twice. */
  durationMs?: number;
}

const DEFAULT_DURATION_MS: Record<ToastTone, number> = { success: 5000, info: 5000, error: 8000 };
/** More than a few at once is noise; the oldest go first. */
const MAX_VISIBLE = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(message: string, tone: ToastTone = 'info', options: ToastOptions = {}): number {
  const id = nextId++;
  const kept = toasts.slice(-(MAX_VISIBLE - 1));
  for (const dropped of toasts.slice(0, toasts.length - kept.length)) clearTimer(dropped.id);
  emit([...kept, { id, message, tone }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), options.durationMs ?? DEFAULT_DURATION_MS[tone]),
  );
  return id;
}

export function dismissToast(id: number): void {
  clearTimer(id);
  if (toasts.some((item) => item.id === id)) emit(toasts.filter((item) => item.id !== id));
}

function clearTimer(id: number) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Removes every toast (tests, and screens that start over). */
export function clearToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  if (toasts.length > 0) emit([]);
}

/** Removes the error toasts: an error belongs to the screen it happened on, never to the next one (issue 19). */
export function clearErrorToasts(): void {
  const errors = toasts.filter((item) => item.tone === 'error');
  if (errors.length === 0) return;
  for (const item of errors) clearTimer(item.id);
  emit(toasts.filter((item) => item.tone !== 'error'));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => showToast(message, 'success', options),
  error: (message: string, options?: ToastOptions) => showToast(message, 'error', options),
  info: (message: string, options?: ToastOptions) => showToast(message, 'info', options),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;

/** The toasts on screen now; for tests and for the Toaster. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Render once, at the root of the page tree. */
export function Toaster() {
  const items = useToasts();
  const errors = items.filter((item) => item.tone === 'error');
  const notices = items.filter((item) => item.tone !== 'error');

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-3 sm:left-auto sm:right-0 sm:items-end sm:p-4">
      <div role="alert" aria-live="assertive" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {errors.map((item) => (
          <ToastCard key={item.id} toast={item} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {notices.map((item) => (
          <ToastCard key={item.id} toast={item} />
        ))}
      </div>
    </div>
  );
}

const TONE_STYLES: Record<ToastTone, { box: string; icon: string; label: string }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-950', icon: 'text-emerald-700', label: 'Listo:' },
  error: { box: 'border-red-200 bg-red-50 text-red-950', icon: 'text-red-700', label: 'Error:' },
  info: { box: 'border-slate-200 bg-white text-slate-900', icon: 'text-brand-700', label: 'Aviso:' },
};

function ToastCard({ toast: item }: { toast: Toast }) {
  const style = TONE_STYLES[item.tone];
  return (
    <div
      data-testid="toast"
      data-tone={item.tone}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-3 pl-4 shadow-lg ${style.box}`}
    >
      <ToastIcon tone={item.tone} className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
      <p className="flex-1 text-sm font-medium leading-relaxed">
        <span className="sr-only">{style.label} </span>
        {item.message}
      </p>
      {/* aria-label rather than hidden text, so the live region announces the message without the button's name. */}
      <button
        type="button"
        aria-label="Cerrar aviso"
        onClick={() => dismissToast(item.id)}
        className="-my-2 -mr-2 grid size-11 shrink-0 place-items-center rounded-lg opacity-70 hover:bg-black/5 hover:opacity-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M5 5l10 10M15 5L5 15" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ tone, className }: { tone: ToastTone; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="10" cy="10" r="8" />
      {tone === 'success' && <path d="M6.5 10.5l2.5 2.5 4.5-5" />}
      {tone === 'error' && <path d="M10 6v5M10 14h.01" />}
      {tone === 'info' && <path d="M10 9v5M10 6h.01" />}
    </svg>
  );
}
