/**
 * The login page's `redirectTo` (spec: route table). Only paths inside this app are honoured: an
 * attacker's `?redirectTo=//evil.example` or `https://evil.example` must never send someone away after
 * they typed their code. The URL parser is the judge, so tabs, backslashes and other tricks browsers
 * normalise are normalised here the same way before the origin is compared.
 */

const BASE = 'https://app.invalid';

/** A same-app path with its query and hash, or null when the value is missing, foreign or the login page itself. */
export function safeRedirectTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Returning to the login page after logging in would be a loop.
  if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Resolving can itself produce a foreign reference: '/.//evil.test' resolves to the path '//evil.test',
  // which a browser (and the router's redirect) reads as another host. The result must be a same-origin
  // path when read again on its own.
  if (!isSameOriginPath(target)) return null;
  return target;
}

function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** Where an anonymous visitor of `pathWithQuery` is sent: '/login?redirectTo=%2Fapp%2Fprofile'. */
export function loginPathFor(pathWithQuery: string): string {
  const target = safeRedirectTo(pathWithQuery);
  return target ? `/login?redirectTo=${encodeURIComponent(target)}` : '/login';
}
