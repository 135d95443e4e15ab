import { useEffect, useRef, type MouseEvent } from 'react';
import { recordCtaClick, recordLandingVisit } from './api';

/**
 * Records one landing visit per mount (the ref keeps StrictMode's second effect run from counting twice). The address
 * is the document's: the landing also runs without the router (app/landing-island.tsx).
 */
export function useLandingVisit(): void {
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    recordLandingVisit(window.location.pathname + window.location.search);
  }, []);
}

/**
 * One delegated handler for every tracked link on the landing: put it on a wrapper and give each link a
 * `data-cta` id. Middle clicks (open in a new tab) count too.
 */
export function trackCtaClick(event: MouseEvent<HTMLElement>): void {
  if (event.type === 'auxclick' && event.button !== 1) return;
  if (!(event.target instanceof Element)) return;
  const tracked = event.target.closest<HTMLElement>('[data-cta]');
  if (!tracked || !event.currentTarget.contains(tracked)) return;
  const id = tracked.dataset.cta;
  if (id) recordCtaClick(id);
}
