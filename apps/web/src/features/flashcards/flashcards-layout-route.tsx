import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigation, useResolvedPath, type Location } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { ArrowLeftIcon } from './flashcards-icons';

/**
 * Most navigations between these pages finish within a few frames; the loading screen waits this long
 * so it covers the slow ones only instead of flashing white on every click.
 */
export const LOADING_SCREEN_DELAY_MS = 150;

/**
 * Layout of /app/flashcards (spec section 2, "Flashcards"): a back button (home from the guides list,
 * the list from a guide or the review of the day) and a loading screen while the next page loads.
 */
export function Component() {
  const { pathname } = useLocation();
  const listPath = useResolvedPath('.').pathname;
  const onList = pathname.replace(/\/+$/, '') === listPath.replace(/\/+$/, '');
  const loading = useSlowNavigation(LOADING_SCREEN_DELAY_MS);

  return (
    <div className="flex flex-col gap-2 sm:gap-6">
      <nav aria-label="Flashcards">
        <Link to={onList ? '/app' : listPath} className={buttonClassName('ghost', 'sm', '-ml-2.5 sm:-ml-5')}>
          <ArrowLeftIcon />
          {onList ? 'Volver al inicio' : 'Volver a las guías'}
        </Link>
      </nav>
      <Outlet />
      {loading && <LoadingScreen />}
    </div>
  );
}

/** True while a navigation has been loading for longer than `delayMs`. */
function useSlowNavigation(delayMs: number): boolean {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' ? navigation.location : null;
  // The navigation that has been pending long enough; comparing identities needs no reset when it ends.
  const [slow, setSlow] = useState<Location | null>(null);

  useEffect(() => {
    if (!pending) return;
    const id = window.setTimeout(() => setSlow(pending), delayMs);
    return () => window.clearTimeout(id);
  }, [pending, delayMs]);

  return pending !== null && slow === pending;
}
