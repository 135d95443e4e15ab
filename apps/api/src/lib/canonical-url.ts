/**
 * One spelling per API address, decided before routing. The router decodes percent-escapes, so
 * `/%61pi/staggered-auth/login/birthdate` reaches the same handler as `/api/...`; rewriting the URL to
 * its canonical form first means logs, limits and every hook see the address the handler serves.
 * Aliases of one action (the spec's misspelled `login/opt`) become that action's own path, so they
 * share its route and therefore its per-IP budget.
 */

/** RFC 3986 §2.3: escapes of these characters mean the character itself. */
const UNRESERVED_ESCAPE = /%(4[1-9A-Fa-f]|5[0-9Aa]|6[1-9A-Fa-f]|7[0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/g;

const ALIASES: Record<string, string> = {
  '/api/staggered-auth/login/opt': '/api/staggered-auth/login/otp',
};

export function canonicalUrl(rawUrl: string): string {
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  // Every request passes here: a path without escapes (nearly all) skips the replace.
  if (!rawPath.includes('%')) {
    const alias = ALIASES[rawPath];
    return alias === undefined ? rawUrl : alias + query;
  }
  const path = rawPath.replace(UNRESERVED_ESCAPE, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return (ALIASES[path] ?? path) + query;
}
