// Route module (see app/router.tsx): its exports are route properties.
export { HomePage as Component } from './home-page';
