// Route module (see app/router.tsx): its exports are route properties.
export { ProfilePage as Component, profileLoader as loader } from './profile-page';
