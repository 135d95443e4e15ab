// Route module (see app/router.tsx): its exports are route properties.
export { SignupRoute as Component } from './signup-route-component';
