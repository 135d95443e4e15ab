import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTo } from './redirect-to';

describe('safeRedirectTo', () => {
  it('keeps paths inside the app with their query and hash', () => {
    expect(safeRedirectTo('/app/profile')).toBe('/app/profile');
    expect(safeRedirectTo('/app/group-membership/activate?email=a%40b.co#top')).toBe('/app/group-membership/activate?email=a%40b.co#top');
  });

  it('refuses anything that would leave the app, and the login page itself', () => {
    for (const value of [null, undefined, '', 'app', 'https://evil.example/app', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', '/login', '/login?redirectTo=/app']) {
      expect(safeRedirectTo(value)).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('carries the path and query in redirectTo', () => {
    expect(loginPathFor('/app/profile?tab=1')).toBe('/login?redirectTo=%2Fapp%2Fprofile%3Ftab%3D1');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
