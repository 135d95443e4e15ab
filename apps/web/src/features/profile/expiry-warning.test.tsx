import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EXPIRED_WARNING, ExpiryWarning, LAST_DAY_WARNING } from './expiry-warning';

function renderWarning(daysLeft: number | null) {
  const router = createMemoryRouter([{ path: '/', element: <ExpiryWarning daysLeft={daysLeft} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('ExpiryWarning', () => {
  it(`reads '${EXPIRED_WARNING}' at 0 days or less`, () => {
    for (const days of [0, -3]) {
      const { unmount } = renderWarning(days);
      expect(screen.getByTestId('expiry-warning').textContent).toContain(EXPIRED_WARNING);
      expect(screen.getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
      unmount();
    }
  });

  it(`reads '${LAST_DAY_WARNING}' with one day left`, () => {
    renderWarning(1);
    expect(screen.getByTestId('expiry-warning').textContent).toContain(LAST_DAY_WARNING);
    expect(screen.queryByText(EXPIRED_WARNING)).toBeNull();
  });

  it('is absent with 2 or more days, and for lifetime (null)', () => {
    for (const days of [2, 30, null]) {
      const { unmount } = renderWarning(days);
      expect(screen.queryByTestId('expiry-warning')).toBeNull();
      unmount();
    }
  });
});
