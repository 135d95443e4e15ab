import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { CenteredLayout } from './layouts/centered-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorPage } from './root-error-page';

/*
 * The route table (spec section 2). Adding a page is one entry: `{ path, lazy: () => import('…-route') }`
 * under the layout it belongs to. A route module's exports are route properties (`Component`, and when
 * needed `loader`, `ErrorBoundary`, `HydrateFallback`), so each page is its own chunk and ships only
 * what it uses. Layouts stay eager: they are small and shared.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    // Shown until the first page's chunk (and later its loader, such as the session check) is ready.
    HydrateFallback: LoadingScreen,
    children: [
      // Pages with their own header and footer.
      { index: true, lazy: () => import('../features/landing/landing-route') },

      // Short public screens in a centered narrow column: /login, /signup, /signup-confirmation, /metrics.
      {
        element: <CenteredLayout />,
        children: [{ path: '*', lazy: () => import('./not-found-route') }],
      },

      // The signed-in app goes here: { path: 'app', element: <AppShellLayout header={…} />, children: […] }.
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
