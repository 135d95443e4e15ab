import { get, post, type RouteTable } from './define.ts';

/** The staff queue of imported items held for review, the MIR banks' notices (a plain-text page) and the figures (SVG). */
export const contentRoutes = {
  heldItems: get('/api/content-review/held'),
  resolveHeldItem: post('/api/content-review/held/:itemId'),
  notices: get('/api/content/notices'),
  /** A figure of a question's stem (an SVG drawn by the bank), named by its bytes. */
  figure: get('/api/content/figures/:figureId'),
  /** «Novedades del banco»: what changed in the bank, in public (issue 39). */
  changes: get('/api/content/changes'),
  /** The changes to items the student answered or studied since she last looked; and «Entendido». */
  myChanges: get('/api/content/changes/mine'),
  seenChanges: post('/api/content/changes/mine/seen'),
} as const satisfies RouteTable;
