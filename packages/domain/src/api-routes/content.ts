import { get, post, type RouteTable } from './define.ts';

/** The staff queue of imported items held for review, the MIR banks' notices (a plain-text page) and the figures (SVG). */
export const contentRoutes = {
  heldItems: get('/api/content-review/held'),
  resolveHeldItem: post('/api/content-review/held/:itemId'),
  notices: get('/api/content/notices'),
  /** A figure of a question's stem (an SVG drawn by the bank), named by its bytes. */
  figure: get('/api/content/figures/:figureId'),
} as const satisfies RouteTable;
