// Route module (see app/router.tsx): its exports are route properties.
export { SignupConfirmationPage as Component, signupConfirmationLoader as loader } from './signup-confirmation-page';
