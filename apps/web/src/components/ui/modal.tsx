import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

export interface ModalProps {
  open: boolean;
  /** Escape, the platform's "close" gesture and any close button call this; the owner decides what closing means. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Plain text read with the title when the dialog opens (an alert dialog's message). */
  description?: ReactNode;
  /** Classes for the dialog box itself (size, position, padding); the default is a centred card. */
  className?: string;
  /** Classes for the title; pass 'sr-only' to keep the name for screen readers only. */
  titleClassName?: string;
  /** Shown at the end of the title row (a close button). */
  headerAction?: ReactNode;
  /** Classes for the title row. */
  headerClassName?: string;
  /** The element that takes focus on open; otherwise the browser picks the first focusable one. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element that had it before opening is gone. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** A click on the backdrop closes it (sheets); off for dialogs whose answer matters. */
  closeOnBackdropClick?: boolean;
  /** 'alertdialog' for a message that interrupts the task (the expired membership). */
  role?: 'dialog' | 'alertdialog';
}

const CENTRED = 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8';

/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside, makes the page behind
 * inert and shows the backdrop, so there is no hand-written focus trap to get wrong. The page behind
 * stops scrolling while it is open, and focus returns to where it was when it closes.
 */
export function Modal(props: ModalProps) {
  // Mounting is opening: a closed modal leaves nothing in the page.
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  children,
  description,
  className = CENTRED,
  titleClassName,
  headerAction,
  headerClassName = 'flex items-start justify-between gap-4',
  initialFocusRef,
  returnFocusRef,
  closeOnBackdropClick = false,
  role = 'dialog',
}: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    // jsdom (unit tests) has no showModal; an open, non-modal dialog keeps the same markup there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    initialFocusRef?.current?.focus();
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
      if (typeof dialog.close === 'function') dialog.close();
      // The fallback is read at close time on purpose: it is the element on screen then.
      const target = opener?.isConnected ? opener : elementOf(returnFocusRef);
      target?.focus({ preventScroll: true });
    };
  }, [initialFocusRef, returnFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`text-slate-900 backdrop:bg-slate-900/60 ${className}`}
      // The native Escape handling closes the element behind React's back; keep the state in charge instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The backdrop belongs to the <dialog> itself: a click on it targets the dialog, outside its box.
        if (!closeOnBackdropClick || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <div className={headerClassName}>
        <h2 id={titleId} className={titleClassName ?? 'text-xl font-bold text-slate-900'}>
          {title}
        </h2>
        {headerAction}
      </div>
      {description && (
        <div id={descriptionId} className="mt-3 text-slate-700">
          {description}
        </div>
      )}
      {children}
    </dialog>
  );
}

function elementOf(ref: RefObject<HTMLElement | null> | undefined): HTMLElement | null {
  return ref?.current ?? null;
}
