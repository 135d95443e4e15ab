import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url.ts';

describe('canonicalUrl', () => {
  it('leaves a plain address as it is, query included', () => {
    expect(canonicalUrl('/api/health')).toBe('/api/health');
    expect(canonicalUrl('/api/quiz/clinic-case/random?area=Pediatr%C3%ADa')).toBe('/api/quiz/clinic-case/random?area=Pediatr%C3%ADa');
  });

  it('decodes escapes of unreserved characters in the path only', () => {
    expect(canonicalUrl('/%61pi/staggered-auth/login/birthdate?x=%61')).toBe('/api/staggered-auth/login/birthdate?x=%61');
    // A reserved character's escape keeps its meaning as data.
    expect(canonicalUrl('/api/a%2Fb')).toBe('/api/a%2Fb');
  });

  it('sends an alias to its action, escaped or not, with its query', () => {
    expect(canonicalUrl('/api/staggered-auth/login/opt')).toBe('/api/staggered-auth/login/otp');
    expect(canonicalUrl('/api/staggered-auth/login/opt?a=1')).toBe('/api/staggered-auth/login/otp?a=1');
    expect(canonicalUrl('/api/staggered-auth/login/%6Fpt')).toBe('/api/staggered-auth/login/otp');
  });
});
