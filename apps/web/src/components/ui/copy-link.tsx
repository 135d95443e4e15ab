import { useEffect, useId, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@galeno/domain/timings';
import { buttonClassName } from './button-styles';
import { toast } from './toast';

export const COPIED_MESSAGE = 'Copiado al portapapeles';
const COPY_FAILED_MESSAGE = 'No pudimos copiar el enlace. Selecciónalo y cópialo manualmente.';

/**
 * A link shown in a read-only field with a copy button (home invite link, signup confirmation, affiliate
 * dashboard). After copying, 'Copiado al portapapeles' shows for COPY_CONFIRMATION_MS in a polite live
 * region, so screen readers hear it too. The field stays selectable for browsers without clipboard access.
 */
export function CopyLink({ value, label, buttonLabel = 'Copiar enlace' }: { value: string; label: string; buttonLabel?: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const done = (await writeToClipboard(value)) || copyBySelection(inputRef.current);
    if (!done) {
      inputRef.current?.select();
      toast.error(COPY_FAILED_MESSAGE);
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    // A container query: side by side only where the link itself has room, whatever the viewport.
    <div className="@container">
      <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 @md:flex-row">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-800"
        />
        <button type="button" onClick={() => void copy()} className={buttonClassName('secondary', 'md', 'shrink-0')}>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          >
            <rect x="7" y="7" width="10" height="10" rx="2" />
            <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
          </svg>
          {buttonLabel}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-1.5 min-h-5 text-sm font-semibold text-emerald-800">
        {copied ? COPIED_MESSAGE : ''}
      </p>
    </div>
  );
}

async function writeToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Older in-app browsers have no Clipboard API but still honour the legacy copy command. */
function copyBySelection(input: HTMLInputElement | null): boolean {
  if (!input || typeof document.execCommand !== 'function') return false;
  try {
    input.select();
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
