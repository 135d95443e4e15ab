import { useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/ui/main-content';

/** Wraps every page: skip link, a thin progress bar while the next page loads, focus and scroll handling. */
export function RootLayout() {
  useFocusMainOnNavigate();
  const navigation = useNavigation();

  return (
    <>
      <SkipLink />
      {navigation.state !== 'idle' && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function SkipLink() {
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

/** After a client-side page change, screen readers start reading from the new page's <main>. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}
