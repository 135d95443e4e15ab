// Route module (see app/router.tsx): its exports are route properties.
export { LoginPage as Component } from './login-page';
