import { get, post, type RouteTable } from './define.ts';

/** The staff queue of imported items held for review, and the MIR banks' notices (a plain-text page). */
export const contentRoutes = {
  heldItems: get('/api/content-review/held'),
  resolveHeldItem: post('/api/content-review/held/:itemId'),
  notices: get('/api/content/notices'),
} as const satisfies RouteTable;
