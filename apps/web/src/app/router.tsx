import type { ReactElement } from 'react';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router';
import { AppShellLayout } from '../components/layout/app-shell-layout';
import { CenteredLayout } from './layouts/centered-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorPage, RouteErrorPage } from './route-error-page';
import { SessionCheckScreen } from './session-check-screen';

/*
 * The route table (spec section 2). Adding a page is one entry: `{ path, lazy: page(() => import('…-route')) }`
 * under the layout it belongs to. A route module's exports are route properties (`Component`, and when
 * needed `loader`, `ErrorBoundary`, `HydrateFallback`), so each page is its own chunk and ships only
 * what it uses. Layouts stay eager: they are small and shared.
 *
 * Every lazy route has an error screen (issue 35, N4: never «Unexpected Application Error» or English): its module's
 * own ErrorBoundary when it exports one, else the app's Spanish one with «Reintentar» and «Ir al inicio». `page` is for
 * a route rendered inside a layout's <main>; `screen` for one that draws the whole screen (the root's children, the
 * home, the /app guard), whose error screen brings its own <main>. A page whose chunk cannot load reaches the nearest
 * one above it.
 */

type RouteModuleLoader = () => Promise<Partial<RouteObject>>;

function withErrorScreen(load: RouteModuleLoader, ErrorBoundary: () => ReactElement) {
  return (async () => ({ ErrorBoundary, ...(await load()) })) as LazyRouteFunction<RouteObject>;
}

const page = (load: RouteModuleLoader) => withErrorScreen(load, RouteErrorPage);
const screen = (load: RouteModuleLoader) => withErrorScreen(load, RootErrorPage);

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    // Shown until the first page's chunk (and later its loader, such as the session check) is ready; «Sin conexión»
    // when the session check cannot reach the server.
    HydrateFallback: SessionCheckScreen,
    children: [
      // Pages with their own header and footer.
      { index: true, lazy: screen(() => import('../features/landing/landing-route')) },
      { path: 'discount-quiz', lazy: screen(() => import('../features/discount-quiz/public-discount-quiz-route')) },
      { path: 'c/:id', lazy: screen(() => import('../features/visits/click-through-route')) },
      { path: 'affiliate-metrics/:affiliateShortId?', lazy: screen(() => import('../features/affiliates/affiliate-metrics-route')) },
      // The legal pages (issue 20): aviso de privacidad, terms, refunds and contact.
      { path: 'privacidad', lazy: screen(() => import('../features/legal/privacy-route')) },
      { path: 'terminos', lazy: screen(() => import('../features/legal/terms-route')) },
      { path: 'reembolsos', lazy: screen(() => import('../features/legal/refunds-route')) },
      { path: 'contacto', lazy: screen(() => import('../features/legal/contact-route')) },
      // «Novedades del banco» (issue 39): what changed in the bank, in public.
      { path: 'novedades', lazy: screen(() => import('../features/bank-changes/changes-route')) },

      // Short public screens in a centered narrow column: /login, /signup, /signup-confirmation, /metrics.
      {
        element: <CenteredLayout />,
        children: [
          { path: 'login', lazy: page(() => import('../features/auth/login-route')) },
          { path: 'signup', lazy: page(() => import('../features/auth/signup-route')) },
          { path: 'signup-confirmation', lazy: page(() => import('../features/auth/signup-confirmation-route')) },
          { path: 'no-fui-yo', lazy: page(() => import('../features/auth/not-me-route')) },
          // The plan e-mail's one-click unsubscribe (issue 40): public, the link carries its own signature.
          { path: 'recordatorios/baja', lazy: page(() => import('../features/plan/digest-unsubscribe-route')) },
          // Where «Eliminar mi cuenta» ends (ux N27).
          { path: 'cuenta-eliminada', lazy: page(() => import('../features/profile/account-deleted-route')) },
          // The group invitation e-mail's link: who invited and to what, before signing in (ux finding 17).
          {
            path: 'invitacion/:memberId',
            // Its own error card has neither «Reintentar» nor a way home: the app's screen instead.
            lazy: page(() => import('../features/memberships/invitation-route').then(({ ErrorBoundary: _own, ...module }) => module)),
          },
          { path: 'metrics', lazy: page(() => import('../features/visits/staff-metrics-route')) },
          { path: 'metrics/revision', lazy: page(() => import('../features/staff/content-queue-route')) },
          { path: 'metrics/reportes', lazy: page(() => import('../features/staff/reports-queue-route')) },
          { path: 'metrics/facturas', lazy: page(() => import('../features/staff/invoices-queue-route')) },
          // A referral link: the affiliate's banner above the signup page, which reads the id from the path.
          {
            path: 'a/:affiliateShortId?',
            lazy: page(() => import('../features/affiliates/referral-route')),
            children: [{ index: true, lazy: page(() => import('../features/auth/signup-route')) }],
          },
          // Both spellings start a trial (decisions: routes); /app/trial-period is public, outside the /app guard.
          { path: 'trial-period', lazy: page(() => import('../features/trial/trial-entry-route')) },
          { path: 'app/trial-period', lazy: page(() => import('../features/trial/trial-entry-route')) },
          { path: '*', lazy: page(() => import('./not-found-route')) },
        ],
      },

      // The signed-in app: the guard's loader awaits the session and sends anonymous visitors to /login?redirectTo=…;
      // its component wraps trial sessions in the trial countdown. An unknown /app/… path still falls to the 404 above.
      {
        path: 'app',
        lazy: screen(() => import('./app-guard-route')),
        children: [
          // The dashboard renders the app shell itself, with the header built from its profile.
          { index: true, lazy: screen(() => import('../features/home/home-route')) },
          {
            element: <AppShellLayout />,
            children: [
              { path: 'profile', lazy: page(() => import('../features/profile/profile-route')) },
              { path: 'quick-quiz', lazy: page(() => import('../features/quiz/quick-quiz-route')) },
              { path: 'quick-quiz/pregunta', lazy: page(() => import('../features/quiz/single-question-route')) },
              { path: 'timed-quiz', lazy: page(() => import('../features/quiz/timed-quiz-route')) },
              { path: 'speciality-quiz', lazy: page(() => import('../features/quiz/speciality-quiz-route')) },
              { path: 'estadisticas', lazy: page(() => import('../features/stats/stats-route')) },
              { path: 'plan', lazy: page(() => import('../features/plan/plan-route')) },
              { path: 'repaso/:quizSessionId', lazy: page(() => import('../features/quiz/review-session-route')) },
              { path: 'crear-examen', lazy: page(() => import('../features/quiz/create-exam-route')) },
              { path: 'bienvenida', lazy: page(() => import('../features/home/welcome-route')) },
              { path: 'marcadas', lazy: page(() => import('../features/quiz/flagged-route')) },
              { path: 'paquetes', lazy: page(() => import('../features/quiz/packs-route')) },
              { path: 'paquetes/:quizSessionId', lazy: page(() => import('../features/quiz/pack-route')) },
              { path: 'simulacro', lazy: page(() => import('../features/simulacros/simulacros-route')) },
              { path: 'simulacro/:quizSessionId', lazy: page(() => import('../features/simulacros/sitting-route')) },
              { path: 'sesion/:quizSessionId', lazy: page(() => import('../features/quiz/past-session-route')) },
              {
                path: 'flashcards',
                lazy: page(() => import('../features/flashcards/flashcards-layout-route')),
                children: [
                  { index: true, lazy: page(() => import('../features/flashcards/guides-route')) },
                  { path: 'repaso', lazy: page(() => import('../features/flashcards/review-route')) },
                  { path: ':guideId', lazy: page(() => import('../features/flashcards/guide-route')) },
                ],
              },
              { path: 'discount-quiz', lazy: page(() => import('../features/discount-quiz/app-discount-quiz-route')) },
              { path: 'membership-pay', lazy: page(() => import('../features/memberships/membership-pay-route')) },
              { path: 'membership-pay/one-dollar', lazy: page(() => import('../features/memberships/one-week-route')) },
              { path: 'membership-pay/success', lazy: page(() => import('../features/memberships/payment-success-route')) },
              { path: 'group-membership', lazy: page(() => import('../features/memberships/group-membership-route')) },
              { path: 'group-membership/activate', lazy: page(() => import('../features/memberships/group-activate-route')) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
