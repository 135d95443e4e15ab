import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, profileFor, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { MembershipExpiredModal } from './membership-expired-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HOUR = 3_600_000;

describe('MembershipExpiredModal', () => {
  it('offers a free account whose hours ended the one-week plan, never "renew"', async () => {
    mockApi({ 'GET /api/user/profile': profileFor('free', -HOUR) });
    renderRoutes([{ path: '/', element: <MembershipExpiredModal open /> }], { user: STUDENT });
    expect(await screen.findByRole('alertdialog', { name: 'Tus horas gratis terminaron' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^1 semana por \$?19 MXN$/ }).getAttribute('href')).toBe('/app/membership-pay/one-dollar');
    expect(screen.queryByRole('link', { name: 'Renovar membresía' })).toBeNull();
  });

  it('keeps the spec’s expired-membership dialog for an account whose paid access ended', async () => {
    mockApi({ 'GET /api/user/profile': profileFor('monthly', -HOUR) });
    // Another account: the profile store keeps one entry per user.
    renderRoutes([{ path: '/', element: <MembershipExpiredModal open /> }], { user: { ...STUDENT, id: 'user-2' } });
    expect(await screen.findByRole('alertdialog', { name: 'Membresía Expirada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renovar membresía' }).getAttribute('href')).toBe('/app/membership-pay');
  });
});
