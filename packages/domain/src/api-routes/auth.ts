import { get, post, type RouteTable } from './define.ts';

/** The auth area's API routes (the route manifest, issue 36): logins, signup, the session, the account's deletion. */
export const authRoutes = {
  refreshToken: get('/api/staggered-auth/token/refresh'),
  me: get('/api/staggered-auth/user/me'),
  userExists: post('/api/staggered-auth/user/exists'),
  requestOtp: post('/api/staggered-auth/request-otp'),
  /** The spec's misspelled `login/opt` reaches this route too (canonicalUrl maps it before routing). */
  loginWithOtp: post('/api/staggered-auth/login/otp'),
  loginWithBirthdate: post('/api/staggered-auth/login/birthdate'),
  loginWithPhoneNumber: post('/api/staggered-auth/login/phone-number'),
  startTrial: get('/api/staggered-auth/login/trial-period'),
  trialSummary: get('/api/staggered-auth/trial/summary'),
  signup: post('/api/staggered-auth/user/signup'),
  reportNotMe: post('/api/staggered-auth/not-me'),
  requestDeleteCode: post('/api/staggered-auth/account/delete-code'),
  deleteAccount: post('/api/staggered-auth/account/delete'),
  logoutEverywhere: post('/api/staggered-auth/logout-all'),
  logout: post('/api/staggered-auth/logout'),
} as const satisfies RouteTable;
