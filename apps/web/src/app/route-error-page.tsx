import { useRouteError } from 'react-router';
import { MainContent } from '../components/ui/main-content';
import { ErrorScreen } from './error-screen';

/** The route's error, inside a page's layout (its <main> is the layout's). */
export function RouteErrorPage() {
  return <ErrorScreen error={useRouteError()} />;
}

/** The same screen when it replaces the whole app (the root's boundary): it brings its own <main>. */
export function RootErrorPage() {
  return (
    <MainContent className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-12">
      <RouteErrorPage />
    </MainContent>
  );
}
