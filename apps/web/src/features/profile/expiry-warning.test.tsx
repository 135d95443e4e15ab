import { render, screen } from '@testing-library/react';
import type { createMemoryRouter as CreateRouter } from 'react-router';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EXPIRED_WARNING, ExpiryWarning, LAST_DAY_WARNING } from './expiry-warning';

const renderRouter = (router: ReturnType<typeof CreateRouter>) => render(<RouterProvider router={router} />);

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

  it('speaks of free hours in hours and minutes, says nothing while they wait, and invites a member once over', () => {
    const render = (free: { pending: boolean; msLeft: number }) => {
      const router = createMemoryRouter([{ path: '/', element: <ExpiryWarning daysLeft={1} free={free} /> }]);
      return renderRouter(router);
    };
    let view = render({ pending: false, msLeft: (60 + 59) * 60_000 });
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Te quedan 1 h 59 min de estudio gratis');
    expect(screen.queryByText(LAST_DAY_WARNING)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver planes' })).toBeTruthy();
    view.unmount();
    // A lone 1 takes the singular: «Te queda 1 h», «Te queda 1 min».
    view = render({ pending: false, msLeft: 60 * 60_000 });
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Te queda 1 h de estudio gratis');
    view.unmount();
    view = render({ pending: false, msLeft: 30_000 });
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Te queda 1 min de estudio gratis');
    view.unmount();
    view = render({ pending: false, msLeft: -1 });
    expect(screen.getByTestId('expiry-warning').textContent).toContain('Tus horas gratis terminaron');
    view.unmount();
    render({ pending: true, msLeft: 30 * 86_400_000 });
    expect(screen.queryByTestId('expiry-warning')).toBeNull();
  });
});
