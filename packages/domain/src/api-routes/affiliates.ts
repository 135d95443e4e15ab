import { get, post, type RouteTable } from './define.ts';

/** The affiliates area's API routes (the route manifest, issue 36): the staff list, the referral link and its dashboard. */
export const affiliatesRoutes = {
  list: get('/api/affiliates'),
  create: post('/api/affiliates'),
  registerAttribution: post('/api/affiliates/registrations'),
  metrics: get('/api/affiliates/metrics/:shortId'),
  affiliate: get('/api/affiliates/:shortId'),
} as const satisfies RouteTable;
