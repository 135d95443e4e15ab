// Route module (see app/router.tsx): its exports are route properties.
export { LandingPage as Component } from './landing-page';
export { LandingErrorPage as ErrorBoundary } from './landing-error-page';
