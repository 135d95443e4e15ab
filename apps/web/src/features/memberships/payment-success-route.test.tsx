import { fireEvent, screen, within } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutStatus } from './api';
import { clearProfileCache, PROFILE_CACHE_KEY, writeCachedProfile } from '../../lib/profile-cache';
import { apiError, mockApi, profileFor, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import * as successRoute from './payment-success-route';
import { PaymentSuccess } from './payment-success-route';

const DAY = 86_400_000;
const STATUS = 'GET /api/payments/checkout-session/cs_test_1';
const PROFILE = 'GET /api/user/profile';

function checkout(status: CheckoutStatus['status'], overrides: Partial<CheckoutStatus> = {}): CheckoutStatus {
  const profile = profileFor(status === 'paid' ? 'monthly' : 'free', status === 'paid' ? 182 * DAY : DAY);
  return {
    status,
    refundReason: null,
    paymentMethod: 'card',
    installmentMonths: null,
    reference: 'GAL-0123456789',
    voucherUrl: null,
    voucherExpiresAt: null,
    planId: '6-months',
    membershipMode: 'single',
    amountPaid: 930,
    subscriptionInfo: profile.subscriptionInfo,
    ...overrides,
  };
}

/** Polls every 5 ms for at most 20 ms, so the timeout is reached quickly. */
function renderSuccess(path = '/app/membership-pay/success?session_id=cs_test_1') {
  return renderRoutes(
    [
      {
        path: '/app/membership-pay/success',
        Component: function FastSuccess() {
          const sessionId = useSearchParams()[0].get('session_id');
          return sessionId === null ? (
            <successRoute.Component />
          ) : (
            <PaymentSuccess sessionId={sessionId} pollIntervalMs={5} maxWaitMs={20} />
          );
        },
      },
    ],
    { path, user: STUDENT },
  );
}

beforeEach(() => {
  localStorage.clear();
  clearProfileCache();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('payment success', () => {
  it("shows 'Confirmando tu pago...' while pending, then the new plan, its days left and a button to /app", async () => {
    writeCachedProfile(STUDENT.id, profileFor('free', DAY));
    const api = mockApi({
      [STATUS]: [checkout('pending'), checkout('pending'), checkout('paid')],
      [PROFILE]: profileFor('monthly', 182 * DAY),
    });
    renderSuccess();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmando tu pago...' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).closest('[aria-live="polite"]')?.getAttribute('aria-busy')).toBe('true');

    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago confirmado!' })).toBeTruthy();
    expect(screen.getByText(/^Tu membresía de 6 Meses ya está activa\./)).toBeTruthy();
    expect(screen.getByText('Membresía').nextElementSibling?.textContent).toBe('6 Meses');
    expect(screen.getByText('Días restantes').nextElementSibling?.textContent).toBe('182 días');
    expect(screen.getByText('Monto pagado').nextElementSibling?.textContent).toBe('$930 MXN');
    expect(screen.getByText('Forma de pago').nextElementSibling?.textContent).toBe('Tarjeta, en una sola exhibición');
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
    // The new plan replaces the cached one at once (the other open tabs read it from there), then the server is asked.
    expect(JSON.parse(localStorage.getItem(PROFILE_CACHE_KEY) ?? '{}')).toMatchObject({
      userId: STUDENT.id,
      profile: { subscriptionInfo: { subscriptionType: 'monthly', daysLeft: 182 } },
    });
    expect(api.requests()).toEqual([STATUS, STATUS, STATUS, PROFILE]);
  });

  it('shows the group badge, lifetime without days, and the way to invite the group', async () => {
    const lifetime = profileFor('lifetime', null, { mode: 'group' }).subscriptionInfo;
    mockApi({ [STATUS]: checkout('paid', { planId: 'lifetime', membershipMode: 'group', amountPaid: 3000, subscriptionInfo: lifetime }) });
    renderSuccess();
    await screen.findByRole('heading', { level: 1, name: '¡Pago confirmado!' });
    expect(screen.getByText(/^Tu membresía de por vida \(Grupal\) ya está activa\./)).toBeTruthy();
    expect(screen.getByText('Membresía').nextElementSibling?.textContent).toBe('De por vida (Grupal)');
    expect(screen.getByText('Días restantes').nextElementSibling?.textContent).toBe('Sin fecha de término (de por vida)');
    expect(screen.getByRole('link', { name: 'Invitar a mi grupo' }).getAttribute('href')).toBe('/app/group-membership');
  });

  it('names the plan bought, never «Premium», with the meses sin intereses chosen and when a factura arrives (ux N21)', async () => {
    // A group member who buys an individual 6 months: her account stays in group mode, the page names what she bought.
    const member = profileFor('monthly', 365 * DAY, { mode: 'group' }).subscriptionInfo;
    mockApi({ [STATUS]: checkout('paid', { installmentMonths: 6, subscriptionInfo: member }) });
    renderSuccess();
    await screen.findByRole('heading', { level: 1, name: '¡Pago confirmado!' });
    expect(screen.getByText('Membresía').nextElementSibling?.textContent).toBe('6 Meses');
    expect(screen.getByText('Forma de pago').nextElementSibling?.textContent).toBe('Tarjeta, 6 meses sin intereses de $155');
    expect(screen.queryByText(/Premium/)).toBeNull();
    expect(
      screen.getByText(
        /pídela en Mi perfil › Pagos › «Solicitar factura» con tus datos fiscales: te la enviamos por correo en un máximo de 3 días hábiles/,
      ),
    ).toBeTruthy();
  });

  it('says «Efectivo en OXXO» for a voucher paid at the store', async () => {
    mockApi({ [STATUS]: checkout('paid', { paymentMethod: 'oxxo' }) });
    renderSuccess();
    await screen.findByRole('heading', { level: 1, name: '¡Pago confirmado!' });
    expect(screen.getByText('Forma de pago').nextElementSibling?.textContent).toBe('Efectivo en OXXO');
  });

  it('still pending after the wait: says it may take a few minutes (OXXO), links to /app and can check again', async () => {
    writeCachedProfile(STUDENT.id, profileFor('free', DAY));
    const api = mockApi({ [STATUS]: checkout('pending') });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pago está en proceso' })).toBeTruthy();
    expect(screen.getByText(/OXXO, pueden tardar unos minutos/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
    // 20 ms at one request every 5 ms.
    expect(api.requests()).toHaveLength(5);
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Revisar de nuevo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmando tu pago...' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu pago está en proceso' })).toBeTruthy();
  });

  it('an OXXO voucher: «Pago pendiente» with the amount, deadline, reference and the voucher; checking again finds it paid', async () => {
    const awaiting = checkout('awaiting_payment', {
      paymentMethod: 'oxxo',
      voucherUrl: 'https://payments.stripe.test/oxxo/1',
      voucherExpiresAt: '2026-11-27T18:00:00.000Z',
    });
    const api = mockApi({ [STATUS]: [awaiting, checkout('paid')] });
    renderSuccess();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago pendiente' })).toBeTruthy();
    expect(screen.getByText(/Tu ficha para pagar \$930 MXN en OXXO está lista; págala antes del 27 de noviembre de 2026/)).toBeTruthy();
    expect(screen.getByText('GAL-0123456789')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver mi ficha de pago' }).getAttribute('href')).toBe('https://payments.stripe.test/oxxo/1');
    // The page does not keep polling a voucher that is paid at a store hours later.
    expect(api.requests()).toEqual([STATUS]);
    fireEvent.click(screen.getByRole('button', { name: 'Revisar de nuevo' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Pago confirmado!' })).toBeTruthy();
  });

  it("stops at once with the server's message for a payment that is not this user's", async () => {
    const api = mockApi({ [STATUS]: apiError(404, 'NOT_FOUND', 'No encontramos ese pago.') });
    renderSuccess();
    const title = await screen.findByRole('heading', { level: 1, name: 'No pudimos confirmar tu pago' });
    expect(within(title.parentElement as HTMLElement).getByRole('alert').textContent).toBe('No encontramos ese pago.');
    expect(api.requests()).toEqual([STATUS]);
  });

  it('without a session_id says so and links home', () => {
    const api = mockApi({});
    renderSuccess('/app/membership-pay/success');
    expect(screen.getByRole('heading', { level: 1, name: 'No encontramos tu pago' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/app');
    expect(api.requests()).toEqual([]);
  });
});
