import { Component, startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SkipLink } from '../components/ui/skip-link';
import { MainContent } from '../components/ui/main-content';
import { LandingPage } from '../features/landing/landing-page';
import { SessionProvider } from '../lib/session';
import { useIsSignedIn } from '../lib/session-hint';
import { wasSignedInHere } from '../lib/signed-in-here';
import { AnnounceCommitted } from './announce-committed';
import { ErrorScreen } from './error-screen';

/*
 * The landing's first visit (issue 21, decision 021). A visitor from a WhatsApp link reads the landing and leaves for
 * another page: the landing needs React, the session (its call to action follows it) and its own code, not the router
 * and the app's route table, a third of the first script and of its start-up work. So the pre-rendered landing is
 * hydrated on its own, as this tree, and its links load the next page (pre-rendered as well) the way plain links do.
 * Coming back to '/' from inside the app renders the landing as a route (features/landing/landing-route.tsx).
 */

/** The app's one error screen (issue 35), here without the router: the island has none. */
class LandingErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? (
      <MainContent className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-12">
        <ErrorScreen error={this.state.error} />
      </MainContent>
    ) : (
      this.props.children
    );
  }
}

/** The root address is the app for a signed-in student (issue 35, N17): the session check found one. */
function SignedInGoesToApp() {
  const signedIn = useIsSignedIn();
  useEffect(() => {
    if (signedIn) window.location.replace('/app');
  }, [signedIn]);
  return null;
}

/** What the server renders for '/' (prerender.tsx) and the browser hydrates: the same tree on both sides. */
export function LandingIsland() {
  return (
    <StrictMode>
      <SessionProvider>
        <SignedInGoesToApp />
        <SkipLink />
        <LandingErrorBoundary>
          <LandingPage />
        </LandingErrorBoundary>
      </SessionProvider>
      <AnnounceCommitted />
    </StrictMode>
  );
}

export function hydrateLanding(root: HTMLElement) {
  // A student signed in on this browser goes to the app without waiting for the session check (two round trips).
  if (wasSignedInHere()) {
    window.location.replace('/app');
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds (Lighthouse's TBT; see app/start.tsx).
  startTransition(() => {
    hydrateRoot(root, <LandingIsland />);
  });
}
