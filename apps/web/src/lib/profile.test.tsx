import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_CACHE_MS } from '@galeno/domain/timings';
import { apiError, mockApi, profileFor, STUDENT, trialUser } from '../test/api-mock';
import { loadProfile, saveSpeciality, useProfile } from './profile';
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

  it('reads a fresh cache without asking the server', () => {
    writeCachedProfile('user-1', profileFor('lifetime', null));
    const api = mockApi({});
    expect(renderProfile()()).toBe('lifetime');
    expect(api.requests()).toEqual([]);
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
