// Route module (see router.tsx): its exports are route properties.
export { NotFoundPage as Component } from './not-found-page';
