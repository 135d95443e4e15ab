import { useEffect } from 'react';
import { getAppName } from './brand';

/** Sets the tab title as '{page} · {brand}', or the brand's own title when no page name is given. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    const brand = getAppName();
    document.title = pageTitle ? `${pageTitle} · ${brand}` : `${brand} · Preparación para el ENARM`;
  }, [pageTitle]);
}
