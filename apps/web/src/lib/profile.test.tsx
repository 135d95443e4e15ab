import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_CACHE_MS } from '@galeno/domain/timings';
import { apiError, mockApi, profileFor, STUDENT, trialUser } from '../test/api-mock';
import { adoptSubscription, loadProfile, saveSpeciality, useProfile } from './profile';
import { clearProfileCache, PROFILE_CACHE_KEY, readCachedProfile, writeCachedProfile } from './profile-cache';
import { createSessionStore, SessionProvider } from './session';

const PROFILE = 'GET /api/user/profile';
const HOUR_MS = 3_600_000;

function Probe() {
  const { profile, loading, error } = useProfile();
  return (
    <p data-testid="profile">{loading ? 'loading' : error ? `error:${error}` : (profile?.subscriptionInfo.subscriptionType ?? 'none')}</p>
  );
}

function renderProfile(user = STUDENT) {
  render(
    <SessionProvider store={createSessionStore({ initialUser: user })}>
      <Probe />
    </SessionProvider>,
  );
  return () => screen.getByTestId('profile').textContent;
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('profile cache', () => {
  it("keeps the profile for a minute under 'user-frontend-data', for that user only", () => {
    const now = Date.UTC(2026, 0, 1);
    const profile = profileFor('monthly', 10 * 86_400_000);
    writeCachedProfile('user-1', profile, now);
    expect(JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}')).toMatchObject({ userId: 'user-1', savedAt: now });
    expect(readCachedProfile('user-1', now + PROFILE_CACHE_MS - 1)).toEqual(profile);
    expect(readCachedProfile('user-1', now + PROFILE_CACHE_MS)).toBeNull();
    expect(readCachedProfile('user-2', now)).toBeNull();
  });
});

describe('useProfile / loadProfile', () => {
  it('fetches once, caches, and serves the next reads from the cache', async () => {
    const api = mockApi({ [PROFILE]: profileFor('free', 2 * HOUR_MS) });
    const read = renderProfile();
    expect(read()).toBe('loading');
    await waitFor(() => expect(read()).toBe('free'));
    await expect(loadProfile({ userId: 'user-1' })).resolves.toMatchObject({ subscriptionInfo: { subscriptionType: 'free' } });
    expect(api.requests()).toEqual([PROFILE]);
    expect(readCachedProfile('user-1')).not.toBeNull();
  });

  it('is never more than a minute stale: asks again every minute and on focus, keeping the shown profile meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({
      [PROFILE]: [profileFor('free', 2 * HOUR_MS), profileFor('monthly', 180 * 86_400_000), profileFor('lifetime', null)],
    });
    const read = renderProfile();
    await vi.waitFor(() => expect(read()).toBe('free'));
    // Paid on another device: within the minute the open page shows it, with no loading state in between.
    await act(() => vi.advanceTimersByTimeAsync(PROFILE_CACHE_MS));
    await vi.waitFor(() => expect(read()).toBe('monthly'));
    act(() => window.dispatchEvent(new Event('focus')));
    await vi.waitFor(() => expect(read()).toBe('lifetime'));
    expect(api.requests()).toEqual([PROFILE, PROFILE, PROFILE]);
  });

  it('shows a fresh copy from localStorage at once and asks the server behind it, whose answer wins (issue 35)', async () => {
    writeCachedProfile('user-1', profileFor('free', HOUR_MS));
    const api = mockApi({ [PROFILE]: profileFor('monthly', 180 * 86_400_000) });
    const read = renderProfile();
    expect(read()).toBe('free');
    await waitFor(() => expect(read()).toBe('monthly'));
    expect(api.requests()).toEqual([PROFILE]);
    expect(readCachedProfile('user-1')?.subscriptionInfo.subscriptionType).toBe('monthly');
  });

  it("a payment's answer replaces the cached plan at once, then the server is asked again", async () => {
    const api = mockApi({ [PROFILE]: [profileFor('free', HOUR_MS), profileFor('monthly', 180 * 86_400_000)] });
    const read = renderProfile();
    await waitFor(() => expect(read()).toBe('free'));
    act(() => adoptSubscription('user-1', profileFor('monthly', 180 * 86_400_000).subscriptionInfo));
    expect(read()).toBe('monthly');
    expect(readCachedProfile('user-1')?.subscriptionInfo.subscriptionType).toBe('monthly');
    await waitFor(() => expect(api.requests()).toEqual([PROFILE, PROFILE]));
    expect(read()).toBe('monthly');
  });

  it('an answer sent before a payment is neither cached nor shared with the reads after it', async () => {
    let answerOld: (response: Response) => void = () => undefined;
    const api = mockApi({
      [PROFILE]: [
        () => new Promise<Response>((resolve) => (answerOld = resolve)),
        new Response(JSON.stringify(profileFor('monthly', 180 * 86_400_000)), { headers: { 'content-type': 'application/json' } }),
      ],
    });
    const read = renderProfile();
    expect(read()).toBe('loading');
    // The payment tab dropped the cache while the first request was on its way.
    act(() => clearProfileCache());
    await waitFor(() => expect(read()).toBe('monthly'));
    await act(async () =>
      answerOld(new Response(JSON.stringify(profileFor('free', HOUR_MS)), { headers: { 'content-type': 'application/json' } })),
    );
    expect(read()).toBe('monthly');
    expect(readCachedProfile('user-1')?.subscriptionInfo.subscriptionType).toBe('monthly');
    expect(api.requests()).toEqual([PROFILE, PROFILE]);
  });

  it('follows another tab at once: the profile it saved, or a fresh read when it dropped the cache', async () => {
    const api = mockApi({ [PROFILE]: [profileFor('free', HOUR_MS), profileFor('lifetime', null)] });
    const read = renderProfile();
    await waitFor(() => expect(read()).toBe('free'));

    const paidElsewhere = { userId: 'user-1', savedAt: Date.now(), profile: profileFor('monthly', 180 * 86_400_000) };
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: PROFILE_CACHE_KEY, newValue: JSON.stringify(paidElsewhere) })));
    expect(read()).toBe('monthly');
    expect(api.requests()).toEqual([PROFILE]);

    // A group seat activated in the other tab drops the cache there: this one asks the server.
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: PROFILE_CACHE_KEY, newValue: null })));
    await waitFor(() => expect(read()).toBe('lifetime'));
    expect(api.requests()).toEqual([PROFILE, PROFILE]);
  });

  it("shows the server's message when loading fails", async () => {
    mockApi({ [PROFILE]: apiError(500, 'INTERNAL', 'Algo salió mal') });
    const read = renderProfile();
    await waitFor(() => expect(read()).toBe('error:Algo salió mal'));
  });

  it('never asks for a trial profile', () => {
    const api = mockApi({});
    expect(renderProfile(trialUser(null))()).toBe('none');
    expect(api.requests()).toEqual([]);
  });

  it('a speciality save drops the cache, and the next read asks again', async () => {
    const api = mockApi({ [PROFILE]: profileFor('free', HOUR_MS), 'PATCH /api/user/update-speciality': { success: true } });
    await loadProfile({ userId: 'user-1' });
    expect(readCachedProfile('user-1')).not.toBeNull();
    await saveSpeciality('Pediatría');
    expect(api.bodyOf('PATCH /api/user/update-speciality')).toEqual({ speciality: 'Pediatría' });
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
    const read = renderProfile();
    expect(read()).toBe('loading');
    await waitFor(() => expect(read()).toBe('free'));
    expect(api.requests().filter((request) => request === PROFILE)).toHaveLength(2);
  });
});
