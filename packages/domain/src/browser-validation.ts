/**
 * For the browser only, before any schema is built: zod compiles fast parsers with `new Function` after probing
 * whether it may. Our CSP (`script-src 'self'`) forbids it, and Chrome reports even the caught probe as a policy
 * violation (Lighthouse's best practices, issue 21). Without JIT zod parses the same way, a little slower, which
 * the small forms of a page never notice. The API keeps JIT: it parses every request.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig`, shared by every copy of zod, and creates it only
 * when missing. Setting it here, rather than through `z.config`, keeps zod itself out of the landing's script
 * (10 KB), which loads this before any route module (browser-validation.test.ts checks zod reads it).
 */
export function parseWithoutEval(): void {
  const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
