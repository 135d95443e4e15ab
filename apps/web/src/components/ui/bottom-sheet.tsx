import type { ReactNode, RefObject } from 'react';
import { Modal } from './modal';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** Where focus goes on close when what opened the sheet is gone. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/*
 * Docked to the bottom edge on phones, a centred card from 640 px. max-h-96 is the spec's "about 24rem":
 * the sheet never hides more than that of the page, and longer content scrolls inside it under a title
 * row that stays put.
 */
const SHEET =
  'mb-0 mt-auto w-full max-w-none max-h-96 overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-0 shadow-2xl transition-transform duration-200 starting:translate-y-full sm:mb-6 sm:max-w-xl sm:rounded-2xl';

/** A modal panel that slides up from the bottom: Escape, the close button and the backdrop close it. */
export function BottomSheet({ open, onClose, title, children, closeLabel = 'Cerrar', returnFocusRef }: BottomSheetProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      className={SHEET}
      closeOnBackdropClick
      returnFocusRef={returnFocusRef}
      headerClassName="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-2 sm:px-6"
      titleClassName="text-lg font-bold text-slate-900"
      headerAction={
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="sr-only">{closeLabel}</span>
        </button>
      }
    >
      <div className="px-4 pb-6 pt-4 sm:px-6">{children}</div>
    </Modal>
  );
}
