import type { MouseEvent } from 'react';
import { MAIN_CONTENT_ID } from './main-content';

/** The first stop of the tab order on every page: straight to its <main> (components/ui/main-content.tsx). */
export function SkipLink() {
  // Focus <main> directly instead of following the hash, which would put '#main-content' in the URL.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToMain}
      className="sr-only rounded-lg bg-white font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:px-4 focus:py-3"
    >
      Saltar al contenido principal
    </a>
  );
}
