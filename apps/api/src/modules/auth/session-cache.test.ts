import { describe, expect, it } from 'vitest';
import { SessionCache, type SessionRow } from './session-cache.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

function row(sessionId: string, userId: string | null): SessionRow {
  return {
    session: { id: sessionId, userId, isTrial: userId === null } as SessionRow['session'],
    user: userId ? ({ id: userId } as SessionRow['user']) : null,
  };
}

function listeningCache(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const cache = new SessionCache(options);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps a resolved session only while its changes can be heard', () => {
    const cache = new SessionCache();
    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    expect(cache.get('h1', NOW)).toBeUndefined();

    cache.setListening(true);
    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    expect(cache.get('h1', NOW)?.session.id).toBe('s1');

    // The listener lost its connection: changes may go unheard, so nothing is kept and nothing is stored.
    cache.setListening(false);
    expect(cache.get('h1', NOW)).toBeUndefined();
    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    expect(cache.size).toBe(0);
  });

  it('does not keep a row read while a change arrived: it may predate the change', () => {
    const cache = listeningCache();
    const before = cache.generation();
    cache.invalidate(['u:someone-else']);
    cache.store('h1', row('s1', 'u1'), before, NOW);
    expect(cache.get('h1', NOW)).toBeUndefined();
    // Nor across a reconnection, whose gap may have swallowed notifications.
    const beforeGap = cache.generation();
    cache.setListening(false);
    cache.setListening(true);
    cache.store('h1', row('s1', 'u1'), beforeGap, NOW);
    expect(cache.size).toBe(0);
  });

  it('drops a session by its token hash, every session of an account by its id, and everything on "*"', () => {
    const cache = listeningCache();
    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    cache.store('h2', row('s2', 'u1'), cache.generation(), NOW);
    cache.store('h3', row('s3', 'u2'), cache.generation(), NOW);
    cache.store('h4', row('s4', null), cache.generation(), NOW);

    cache.invalidate(['s:h3']);
    expect(cache.get('h3', NOW)).toBeUndefined();
    expect(cache.size).toBe(3);

    cache.invalidate(['u:u1']);
    expect(cache.get('h1', NOW)).toBeUndefined();
    expect(cache.get('h2', NOW)).toBeUndefined();
    expect(cache.get('h4', NOW)?.session.id).toBe('s4');

    cache.store('h3', row('s3', 'u2'), cache.generation(), NOW);
    cache.invalidate(['u:nobody', '*']);
    expect(cache.size).toBe(0);
  });

  it('forgets an entry after its time to live, and the oldest first when full', () => {
    const cache = listeningCache({ ttlMs: 1000, max: 2 });
    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    expect(cache.get('h1', NOW + 999)).toBeDefined();
    expect(cache.get('h1', NOW + 1000)).toBeUndefined();

    cache.store('h1', row('s1', 'u1'), cache.generation(), NOW);
    cache.store('h2', row('s2', 'u1'), cache.generation(), NOW);
    cache.store('h3', row('s3', 'u1'), cache.generation(), NOW);
    expect(cache.size).toBe(2);
    expect(cache.get('h1', NOW)).toBeUndefined();
    // The account's index followed the eviction: dropping the account leaves nothing behind.
    cache.invalidate(['u:u1']);
    expect(cache.size).toBe(0);
  });
});
