import { useEffect, useState } from 'react';

/**
 * Told to public/hydrate.js once the first render is committed and its effects have run (the fields have adopted what
 * was typed before): a form submitted before then, which the loader held, is submitted again now, to the app.
 */
const APP_COMMITTED = 'galeno:app-committed';

/**
 * Last in the tree, so the page's effects run first; then one more render, the one that carries the state those
 * effects set (a field adopting its typed value), before it tells. Renders nothing: the markup is unchanged.
 */
export function AnnounceCommitted() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) {
      document.dispatchEvent(new Event(APP_COMMITTED));
      return;
    }
    const timer = setTimeout(() => setSettled(true), 0);
    return () => clearTimeout(timer);
  }, [settled]);
  return null;
}
