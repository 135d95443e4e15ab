import type { ReactNode } from 'react';

/** The skip link's target. Focusable from script only (tabIndex -1), so it never joins the tab order. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The page's single <main>. Layouts and full pages render it themselves (rather than the root layout)
 * so a page's own <header> and <footer> stay top-level banner and contentinfo landmarks.
 */
export function MainContent({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </main>
  );
}
