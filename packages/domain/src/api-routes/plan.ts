import { get, post, put, type RouteTable } from './define.ts';

/** The study plan to exam day (issue 40): today's line and the weeks ahead, and the student's settings. */
export const planRoutes = {
  get: get('/api/plan'),
  saveSettings: put('/api/plan/settings'),
  /** The digest e-mail's one-click unsubscribe (public: the link carries its own signature). */
  unsubscribeDigest: post('/api/plan/digest/unsubscribe'),
} as const satisfies RouteTable;
