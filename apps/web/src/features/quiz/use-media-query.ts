import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: from here the feedback sits inline instead of in a bottom sheet. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether a CSS media query matches, kept up to date; false where matchMedia does not exist. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
