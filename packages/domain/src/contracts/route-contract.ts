import type { z } from 'zod';
import type { RouteTable } from '../api-routes/define.ts';

/**
 * What a route takes and answers (issue 36, F2): its path parameters, query string, JSON body and 200 response.
 * An area's table of these (`…Api` in `contracts/<area>.ts`) must name exactly the routes of its address table.
 */
export interface RouteContract {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The 200 answer; absent for a route that answers something other than JSON (a text notice, a file). */
  readonly response?: z.ZodType;
}

export type ContractTable<T extends RouteTable> = { readonly [N in keyof T]: RouteContract };
