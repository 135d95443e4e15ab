import { describe, expect, it } from 'vitest';
import { withRedirectTo } from './redirect-links';

describe('withRedirectTo', () => {
  const invite = '/app/group-membership/activate?email=ana%40example.com';

  it('appends a safe in-app redirectTo, after an existing query too', () => {
    expect(withRedirectTo('/signup', invite)).toBe(`/signup?redirectTo=${encodeURIComponent(invite)}`);
    expect(withRedirectTo('/login?email=ana%40example.com', '/app/profile')).toBe(
      '/login?email=ana%40example.com&redirectTo=%2Fapp%2Fprofile',
    );
  });

  it('leaves the path alone when redirectTo is missing, foreign or the login page', () => {
    for (const value of [null, undefined, '', 'https://evil.example/app', '//evil.example', '/\\evil.example', '/login?redirectTo=/app']) {
      expect(withRedirectTo('/signup', value)).toBe('/signup');
    }
  });
});
