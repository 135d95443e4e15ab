import { vi } from 'vitest';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import type { ProfileResponse, SubscriptionInfo } from '@galeno/domain/contracts/profile';
import type { ApiRoutes } from './api-routes';

/**
 * A fetch stand-in for unit tests, answering by 'METHOD /path'. Only unit tests mock fetch; the
 * end-to-end specs run the real server.
 */

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A failure as the API sends it: `{ errorMessage, code }`. */
export function apiError(status: number, code: string, errorMessage: string): Response {
  return jsonResponse({ errorMessage, code }, status);
}

/** A route's answer: its 200 body as the contracts type it, a Response (an error), or a function of the request. */
type Answer<Body> = Body | Response | ((init: RequestInit | undefined) => Response | Promise<Response>);

/** The routes a test stands in for, keyed 'METHOD /path', each typed by the route's contract (api-routes.ts). */
export type MockRoutes = { [Route in keyof ApiRoutes]?: Answer<ApiRoutes[Route]> | Answer<ApiRoutes[Route]>[] };

/** Each route answers with a JSON body (status 200), a Response factory, or a list used in turn (the last one repeats). */
export function mockApi(mocked: MockRoutes) {
  const routes = mocked as Record<string, Answer<unknown> | Answer<unknown>[] | undefined>;
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    const route = routes[key];
    if (route === undefined && key === 'POST /api/quiz/sessions') {
      return quizSessionAnswer({
        path: '/api/quiz/sessions',
        method: 'POST',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      });
    }
    if (route === undefined) return apiError(404, 'NOT_MOCKED', `No mock for ${key}`);
    const count = calls.get(key) ?? 0;
    calls.set(key, count + 1);
    const answer = Array.isArray(route) ? route[Math.min(count, route.length - 1)] : route;
    if (typeof answer === 'function') return (answer as (init: RequestInit | undefined) => Response | Promise<Response>)(init);
    if (answer instanceof Response) return answer.clone();
    return jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** 'METHOD /path' of every call, in order. */
    requests: () =>
      fetchMock.mock.calls.map(
        ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`,
      ),
    /** The parsed JSON body of the n-th call to `key`. */
    bodyOf: (key: string, index = 0): unknown => {
      const matching = fetchMock.mock.calls.filter(
        ([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}` === key,
      );
      const body = matching[index]?.[1]?.body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    },
  };
}

export const STUDENT: AuthUser = { id: 'user-1', name: 'Ana López', email: 'ana@example.com', isTrial: false, trialEndsAt: null };

export function trialUser(trialEndsAt: string | null): AuthUser {
  return { id: 'TRIAL', name: 'Alumno de Galeno', email: '', isTrial: true, trialEndsAt };
}

const DAY_MS = 86_400_000;

function timestamp(date: Date) {
  return { _seconds: Math.floor(date.getTime() / 1000), _nanoseconds: 0 };
}

/** A profile whose membership ends `endInMs` from `now` (null: lifetime). */
export function profileFor(
  subscriptionType: SubscriptionInfo['subscriptionType'],
  endInMs: number | null,
  {
    now = new Date(),
    mode = 'individual',
    speciality = null,
  }: { now?: Date; mode?: SubscriptionInfo['membershipMode']; speciality?: string | null } = {},
): ProfileResponse {
  const end = endInMs === null ? null : new Date(now.getTime() + endInMs);
  return {
    speciality,
    examYear: null,
    subscriptionInfo: {
      subscriptionType,
      membershipMode: mode,
      membershipStartDate: timestamp(new Date(now.getTime() - 30 * DAY_MS)),
      membershipEndDate: end ? timestamp(end) : null,
      daysLeft: end ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)) : null,
    },
    fallbackLogin: { dateOfBirth: '1997-06-01', phoneNumber: '5511223344', confirmed: true },
    studySettings: { newCardsPerDay: 20 },
  };
}

export interface FetchCall {
  path: string;
  method: string;
  body: Record<string, unknown> | undefined;
}

/** Replaces fetch with `handler`; returns every call made, with its JSON body parsed. */
/**
 * Like the server, POST /api/quiz/sessions opens a session with a fresh id, for any stub or mock that does
 * not answer it itself: every quiz asks for one when it starts.
 */
function isQuizSessionRequest(call: { path: string; method: string }) {
  return call.method.toUpperCase() === 'POST' && call.path === '/api/quiz/sessions';
}

function quizSessionAnswer(call: { path: string; method: string; body?: Record<string, unknown> | undefined }): Response {
  if (call.method.toUpperCase() === 'POST' && call.path === '/api/quiz/sessions') {
    return jsonResponse({ quizSessionId: crypto.randomUUID(), kind: call.body?.kind ?? 'quick', startedAt: new Date().toISOString() });
  }
  return jsonResponse({ errorMessage: 'Ruta no simulada', code: 'NOT_MOCKED' }, 404);
}

export function stubApi(handler: (call: FetchCall) => Response | Promise<Response> | undefined): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: FetchCall = {
        path: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      if (isQuizSessionRequest(call)) return quizSessionAnswer(call);
      return handler(call) ?? quizSessionAnswer(call);
    }),
  );
  return calls;
}
