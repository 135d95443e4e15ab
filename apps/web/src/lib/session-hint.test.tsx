import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '@galeno/domain/contracts/auth';
import { STUDENT, trialUser } from '../test/api-mock';
import { createSessionStore, SessionProvider } from './session';
import { useIsSignedIn } from './session-hint';

function Hint() {
  return <p>{useIsSignedIn() ? 'dentro' : 'fuera'}</p>;
}

function hintFor(user: AuthUser | null) {
  const store = createSessionStore({ initialUser: user });
  render(
    <SessionProvider store={store}>
      <Hint />
    </SessionProvider>,
  );
  return screen.getByRole('paragraph').textContent;
}

describe('useIsSignedIn (the landing CTA)', () => {
  it('is true for a signed-in account', () => {
    expect(hintFor(STUDENT)).toBe('dentro');
  });
  it('is false for a trial', () => {
    expect(hintFor(trialUser(null))).toBe('fuera');
  });
  it('is false for a visitor', () => {
    expect(hintFor(null)).toBe('fuera');
  });
});
