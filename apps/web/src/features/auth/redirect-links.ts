import { safeRedirectTo } from '../../lib/redirect-to';

/**
 * `path` with the login page's `redirectTo` carried along, so a link into the app (the group invite's
 * activation link, decisions: group plans) survives the detour through /signup and
 * /signup-confirmation back to /login. Only a safe in-app path is carried; anything else is dropped.
 */
export function withRedirectTo(path: string, redirectTo: string | null | undefined): string {
  const target = safeRedirectTo(redirectTo);
  if (!target) return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirectTo=${encodeURIComponent(target)}`;
}
