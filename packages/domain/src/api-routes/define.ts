/**
 * The route manifest's building blocks (issue 36, F2). An area's table names each of its API routes and gives its
 * method and full path; the server registers every route from this table and the web client calls through it, so a
 * call site cannot disagree with its route. The tables carry no zod: the page imports them without the schemas, which
 * live beside each area's contract (`contracts/<area>.ts`, `…Api`) and reach the page as types only.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  readonly method: HttpMethod;
  /** The full path, fastify-style (`/api/simulacros/:quizSessionId`); paths the spec fixed stay as they are. */
  readonly path: `/api/${string}`;
}

export type RouteTable = Readonly<Record<string, ApiRoute>>;

export const get = <P extends `/api/${string}`>(path: P) => ({ method: 'GET', path }) as const;
export const post = <P extends `/api/${string}`>(path: P) => ({ method: 'POST', path }) as const;
export const put = <P extends `/api/${string}`>(path: P) => ({ method: 'PUT', path }) as const;
export const patch = <P extends `/api/${string}`>(path: P) => ({ method: 'PATCH', path }) as const;
export const del = <P extends `/api/${string}`>(path: P) => ({ method: 'DELETE', path }) as const;

/** The path with its `:name` parameters filled in (each value URL-encoded); a missing value is a programming error. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
