// Route module (see app/router.tsx): its exports are route properties.
export { TrialEntryFailedPage as Component, trialEntryLoader as loader } from './trial-entry';
