import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/ui/main-content';
import { SkipLink } from '../../components/ui/skip-link';
import { clearErrorToasts, Toaster } from '../../components/ui/toast';
import { SessionProvider, useSession } from '../../lib/session';
import { SessionCheckScreen } from '../session-check-screen';

/**
 * Wraps every page: the session, skip link, a thin progress bar while the next page loads, toasts,
 * focus and scroll handling. The session provider sits here, inside the router, so every page and
 * layout reads the same session that the loaders await.
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <RootFrame />
    </SessionProvider>
  );
}

function RootFrame() {
  useFocusMainOnNavigate();
  useErrorToastsEndWithTheirScreen();
  const navigation = useNavigation();
  const { status } = useSession();
  // A link followed while the start-up session check still runs waits for it (the /app and /login
  // loaders await it): say so with the full-screen 'Cargando...' rather than a frozen page.
  const checkingSession = navigation.state === 'loading' && status === 'loading';

  return (
    <>
      <SkipLink />
      {navigation.state !== 'idle' && <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600" />}
      {checkingSession && <SessionCheckScreen />}
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
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

/** A stale error must not greet the next screen (a wrong code's toast over «¡Hola, Ana!»). */
function useErrorToastsEndWithTheirScreen() {
  const { pathname } = useLocation();
  useEffect(() => {
    clearErrorToasts();
  }, [pathname]);
}
