import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionInfo } from '@galeno/domain/contracts/profile';
import { profileFor } from '../../test/api-mock';
import { FREE_EXPIRED, FREE_HOURS_WAITING, MEMBERSHIP_EXPIRED, MembershipCountdownBanner, OneWeekOfferBanner } from './membership-banners';

const NOW = new Date('2026-03-01T12:00:00Z');
const SECOND = 1000;
const DAY = 86_400_000;

function subscription(type: SubscriptionInfo['subscriptionType'], endInMs: number | null) {
  return profileFor(type, endInMs, { now: NOW }).subscriptionInfo;
}

function renderBanner(info: SubscriptionInfo) {
  const router = createMemoryRouter([{ path: '/', element: <MembershipCountdownBanner subscription={info} /> }]);
  return render(<RouterProvider router={router} />);
}

const unit = (name: string) => screen.getByTestId(`countdown-${name}`).textContent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MembershipCountdownBanner', () => {
  it('ticks the free hours down every second, in hours, minutes and seconds', () => {
    renderBanner(subscription('free', 3_600_000 + 4 * 60_000 + 5 * SECOND));
    expect(screen.getByRole('heading', { name: 'Tus horas gratis terminan en' })).toBeTruthy();
    expect([unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['01', '04', '05']);
    act(() => vi.advanceTimersByTime(SECOND));
    expect(unit('seconds')).toBe('04');
    act(() => vi.advanceTimersByTime(5 * SECOND));
    expect([unit('minutes'), unit('seconds')]).toEqual(['03', '59']);
  });

  it('gives a paying member the date, with no clock, and «Renovar membresía» once it ends', () => {
    renderBanner(subscription('monthly', 2 * DAY + 5 * SECOND));
    expect(screen.getByRole('heading', { name: /^Tu membresía está activa hasta el / })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Extender membresía' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2 * DAY + 5 * SECOND));
    expect(screen.getByRole('heading', { name: 'El tiempo de tu membresía ha terminado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renovar membresía' })).toBeTruthy();
  });

  it(`reads '${FREE_EXPIRED}' when a free account runs out, live`, () => {
    renderBanner(subscription('free', 2 * SECOND));
    expect(screen.getByRole('heading', { name: 'Tus horas gratis terminan en' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(2 * SECOND));
    expect(screen.getByRole('heading', { name: FREE_EXPIRED })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    // Someone who never paid is invited to become a member, never to "renew".
    expect(screen.queryByRole('link', { name: 'Renovar membresía' })).toBeNull();
    // One offer: the week at $19 (issue 35, N4); «prueba» is never said to an account.
    expect(screen.getByRole('link', { name: /^1 semana por/ }).getAttribute('href')).toBe('/app/membership-pay/one-dollar');
    expect(screen.queryByText(/prueba/)).toBeNull();
  });

  it('says the free hours are waiting, with no clock, until the first answer starts them', () => {
    renderBanner({ ...subscription('free', 30 * DAY), freeHoursPending: true });
    expect(screen.getByRole('heading', { name: FREE_HOURS_WAITING })).toBeTruthy();
    expect(screen.getByText(/Empiezan con tu primera respuesta/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it(`reads '${MEMBERSHIP_EXPIRED}' for other accounts, with a way to renew`, () => {
    for (const type of ['one_week', 'monthly'] as const) {
      const { unmount } = renderBanner(subscription(type, -DAY));
      expect(screen.getByRole('heading', { name: MEMBERSHIP_EXPIRED })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
      unmount();
    }
  });

  it('shows nothing for lifetime accounts', () => {
    const { container } = renderBanner(subscription('lifetime', null));
    expect(container.textContent).toBe('');
  });
});

describe('OneWeekOfferBanner', () => {
  it('offers one week for 19 MXN, linking to the one-time payment', () => {
    const router = createMemoryRouter([{ path: '/', element: <OneWeekOfferBanner /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1 semana de acceso completo por $19 MXN');
    expect(screen.getByRole('link', { name: 'Aprovechar oferta' }).getAttribute('href')).toBe('/app/membership-pay/one-dollar');
  });

  it('is a dark surface, so the keyboard focus ring switches to the light colour that shows on it', () => {
    const router = createMemoryRouter([{ path: '/', element: <OneWeekOfferBanner /> }]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Aprovechar oferta' });
    expect(link.closest('section')?.className).toContain('bg-brand-800');
    expect(link.closest('.surface-dark')).not.toBeNull();
  });
});
