import type { ReactNode } from 'react';

/** Shared look of the staff dashboard's tables. */

export const tableClassName = 'w-full border-collapse text-left text-sm';
export const thClassName = 'sticky top-0 bg-slate-100 px-3 py-2 font-semibold whitespace-nowrap text-slate-800';
export const tdClassName = 'px-3 py-2 align-top text-slate-700';

/**
 * A card that scrolls its table sideways on phones (and down, when `tall`) instead of the page. A
 * region that scrolls must be reachable by keyboard, so it is focusable and named after the table's caption.
 */
export function TableFrame({ captionId, tall = false, children }: { captionId: string; tall?: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      // `relative` keeps screen-reader-only text (absolutely positioned) inside the scroll area instead of widening the page.
      className={`relative overflow-auto rounded-2xl border border-slate-200 bg-white shadow-sm ${tall ? 'max-h-[32rem]' : ''}`}
    >
      {children}
    </div>
  );
}
