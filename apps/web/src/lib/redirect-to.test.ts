import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTo } from './redirect-to';

describe('safeRedirectTo', () => {
  it('keeps paths inside the app with their query and hash', () => {
    expect(safeRedirectTo('/app/profile')).toBe('/app/profile');
    expect(safeRedirectTo('/app/group-membership/activate?email=a%40b.co#top')).toBe('/app/group-membership/activate?email=a%40b.co#top');
  });

  it('refuses anything that would leave the app, and the login page itself', () => {
    for (const value of [
      null,
      undefined,
      '',
      'app',
      'https://evil.example/app',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?redirectTo=/app',
    ]) {
      expect(safeRedirectTo(value)).toBeNull();
    }
  });
});

describe('safeRedirectTo against the known open-redirect family', () => {
  const bypasses = [
    '/.//evil.test',
    '/./\\evil.test',
    '/..//evil.test',
    '/a/..//evil.test',
    '/%2F%2Fevil.test',
    '/%2f/evil.test',
    '/\\evil.test',
    '/\\/evil.test',
    '//evil.test',
    '///evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n//evil.test',
    'https:evil.test',
    'https:/evil.test',
    'https://evil.test',
    'http://localhost:3000@evil.test',
    '/@evil.test',
    '\t//evil.test',
    ' //evil.test',
    'javascript:alert(1)',
    'data:text/html,hola',
  ];

  it.each(bypasses)('never returns a target that leaves the app: %j', (value) => {
    const target = safeRedirectTo(value);
    if (target !== null) {
      // Whatever it keeps must resolve to this origin, read on its own (as a redirect would).
      expect(new URL(target, 'https://galeno.test').origin).toBe('https://galeno.test');
      expect(target.startsWith('//')).toBe(false);
    }
  });

  it('turns the review’s reproduction into no target at all (login then lands on /app)', () => {
    expect(safeRedirectTo('/.//evil.test')).toBeNull();
    expect(safeRedirectTo('/%2F%2Fevil.test')).toBe('/%2F%2Fevil.test');
  });
});

describe('loginPathFor', () => {
  it('carries the path and query in redirectTo', () => {
    expect(loginPathFor('/app/profile?tab=1')).toBe('/login?redirectTo=%2Fapp%2Fprofile%3Ftab%3D1');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
