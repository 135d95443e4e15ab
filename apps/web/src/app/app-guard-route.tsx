// Route module (see router.tsx): its exports are route properties.
export { AppGuard as Component, requireSessionLoader as loader } from './app-guard';
