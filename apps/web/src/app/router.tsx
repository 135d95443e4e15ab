import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShellLayout } from '../components/layout/app-shell-layout';
import { CenteredLayout } from './layouts/centered-layout';
import { RootLayout } from './layouts/root-layout';
import { RootErrorPage } from './root-error-page';
import { SessionCheckScreen } from './session-check-screen';

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
    // Shown until the first page's chunk (and later its loader, such as the session check) is ready; «Sin conexión»
    // when the session check cannot reach the server.
    HydrateFallback: SessionCheckScreen,
    children: [
      // Pages with their own header and footer.
      { index: true, lazy: () => import('../features/landing/landing-route') },
      { path: 'discount-quiz', lazy: () => import('../features/discount-quiz/public-discount-quiz-route') },
      { path: 'c/:id', lazy: () => import('../features/visits/click-through-route') },
      { path: 'affiliate-metrics/:affiliateShortId?', lazy: () => import('../features/affiliates/affiliate-metrics-route') },
      // The legal pages (issue 20): aviso de privacidad, terms, refunds and contact.
      { path: 'privacidad', lazy: () => import('../features/legal/privacy-route') },
      { path: 'terminos', lazy: () => import('../features/legal/terms-route') },
      { path: 'reembolsos', lazy: () => import('../features/legal/refunds-route') },
      { path: 'contacto', lazy: () => import('../features/legal/contact-route') },

      // Short public screens in a centered narrow column: /login, /signup, /signup-confirmation, /metrics.
      {
        element: <CenteredLayout />,
        children: [
          { path: 'login', lazy: () => import('../features/auth/login-route') },
          { path: 'signup', lazy: () => import('../features/auth/signup-route') },
          { path: 'signup-confirmation', lazy: () => import('../features/auth/signup-confirmation-route') },
          { path: 'no-fui-yo', lazy: () => import('../features/auth/not-me-route') },
          // The group invitation e-mail's link: who invited and to what, before signing in (ux finding 17).
          { path: 'invitacion/:memberId', lazy: () => import('../features/memberships/invitation-route') },
          { path: 'metrics', lazy: () => import('../features/visits/staff-metrics-route') },
          { path: 'metrics/revision', lazy: () => import('../features/content-review/content-review-route') },
          { path: 'metrics/reportes', lazy: () => import('../features/content-review/reports-route') },
          { path: 'metrics/facturas', lazy: () => import('../features/content-review/invoices-route') },
          // A referral link: the affiliate's banner above the signup page, which reads the id from the path.
          {
            path: 'a/:affiliateShortId?',
            lazy: () => import('../features/affiliates/referral-route'),
            children: [{ index: true, lazy: () => import('../features/auth/signup-route') }],
          },
          // Both spellings start a trial (decisions: routes); /app/trial-period is public, outside the /app guard.
          { path: 'trial-period', lazy: () => import('../features/trial/trial-entry-route') },
          { path: 'app/trial-period', lazy: () => import('../features/trial/trial-entry-route') },
          { path: '*', lazy: () => import('./not-found-route') },
        ],
      },

      // The signed-in app: the guard's loader awaits the session and sends anonymous visitors to /login?redirectTo=…;
      // its component wraps trial sessions in the trial countdown. An unknown /app/… path still falls to the 404 above.
      {
        path: 'app',
        lazy: () => import('./app-guard-route'),
        children: [
          // The dashboard renders the app shell itself, with the header built from its profile.
          { index: true, lazy: () => import('../features/home/home-route') },
          {
            element: <AppShellLayout />,
            children: [
              { path: 'profile', lazy: () => import('../features/profile/profile-route') },
              { path: 'quick-quiz', lazy: () => import('../features/quiz/quick-quiz-route') },
              { path: 'quick-quiz/pregunta', lazy: () => import('../features/quiz/single-question-route') },
              { path: 'timed-quiz', lazy: () => import('../features/quiz/timed-quiz-route') },
              { path: 'speciality-quiz', lazy: () => import('../features/quiz/speciality-quiz-route') },
              { path: 'estadisticas', lazy: () => import('../features/stats/stats-route') },
              { path: 'repaso/:quizSessionId', lazy: () => import('../features/quiz/review-session-route') },
              { path: 'crear-examen', lazy: () => import('../features/quiz/create-exam-route') },
              { path: 'bienvenida', lazy: () => import('../features/home/welcome-route') },
              { path: 'marcadas', lazy: () => import('../features/quiz/flagged-route') },
              { path: 'simulacro', lazy: () => import('../features/exams/simulacros-route') },
              { path: 'simulacro/:quizSessionId', lazy: () => import('../features/exams/sitting-route') },
              { path: 'sesion/:quizSessionId', lazy: () => import('../features/quiz/past-session-route') },
              {
                path: 'flashcards',
                lazy: () => import('../features/flashcards/flashcards-layout-route'),
                children: [
                  { index: true, lazy: () => import('../features/flashcards/guides-route') },
                  { path: 'repaso', lazy: () => import('../features/flashcards/review-route') },
                  { path: ':guideId', lazy: () => import('../features/flashcards/guide-route') },
                ],
              },
              { path: 'discount-quiz', lazy: () => import('../features/discount-quiz/app-discount-quiz-route') },
              { path: 'membership-pay', lazy: () => import('../features/memberships/membership-pay-route') },
              { path: 'membership-pay/one-dollar', lazy: () => import('../features/memberships/one-week-route') },
              { path: 'membership-pay/success', lazy: () => import('../features/memberships/payment-success-route') },
              { path: 'group-membership', lazy: () => import('../features/memberships/group-membership-route') },
              { path: 'group-membership/activate', lazy: () => import('../features/memberships/group-activate-route') },
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
