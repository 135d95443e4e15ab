import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ROUTES } from '@galeno/domain/api-routes/index';
import { fillPath } from '@galeno/domain/api-routes/define';
import { api, queryString } from './api';

function jsonResponse(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// The typed client (issue 36, F2): each call goes to the method and path the manifest gives its route.
describe('the API client', () => {
  it('has one call for every route of the manifest', () => {
    for (const [area, routes] of Object.entries(API_ROUTES)) {
      for (const name of Object.keys(routes))
        expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[area]?.[name], `${area}.${name}`).toBe('function');
    }
  });

  it('fills path parameters URL-encoded, sends the body as JSON with the route’s method, and passes the signal', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ savedAt: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    await api.simulacros.saveAnswers({ params: { quizSessionId: 'a b/c' }, body: { answers: [], position: 3 }, signal: controller.signal });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/simulacros/a%20b%2Fc/answers');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"answers":[],"position":3}');
    expect(init?.signal).toBe(controller.signal);
  });

  it('leaves undefined query values out and repeats array values', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api.quiz.randomClinicCase({ query: { quizSessionId: undefined } });
    await api.quiz.randomClinicCase({ query: { quizSessionId: 's-1', bank: 'mir' } });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/quiz/clinic-case/random',
      '/api/quiz/clinic-case/random?quizSessionId=s-1&bank=mir',
    ]);
    expect(queryString({ area: ['Cirugía', 'Pediatría'], none: null })).toBe('?area=Cirug%C3%ADa&area=Pediatr%C3%ADa');
  });

  it('refuses a path whose parameter is missing, before any request', () => {
    expect(() => fillPath('/api/quiz/flags/:questionId', {})).toThrow(/questionId/);
  });
});
