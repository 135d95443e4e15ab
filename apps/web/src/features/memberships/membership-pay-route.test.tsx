import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMXN } from '@galeno/domain/format';
import { clearToasts } from '../../components/ui/toast';
import { apiError, jsonResponse, mockApi, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { quotesWith, routeAt } from './memberships-test-helpers';
import * as payRoute from './membership-pay-route';
import { browser } from './use-checkout';

const QUOTES = 'GET /api/payments/quotes';
const CHECKOUT = 'POST /api/payments/stripe-checkout-session';

function renderPay(path = '/app/membership-pay', user = STUDENT) {
  return renderRoutes([routeAt('/app/membership-pay', payRoute), { path: '/app', element: <p>Inicio</p> }], { path, user });
}

const price = (amount: number) => `${formatMXN(amount)} MXN`;

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browser, 'assign').mockImplementation(assign);
});

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('membership purchase: selection', () => {
  it('lists the 6-month, 1-year and lifetime plans (not the 1-week offer) as radios with the server prices', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay();
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige tu membresía' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    const plans = within(screen.getByRole('group', { name: 'Elige tu plan' })).getAllByRole('radio');
    expect(plans.map((radio) => radio.getAttribute('value'))).toEqual(['6-months', '1-year', 'lifetime']);
    expect(screen.queryByRole('radio', { name: '1 Semana' })).toBeNull();
    expect(plans.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);

    const sixMonths = screen.getByRole('radio', { name: '6 Meses' });
    expect(document.getElementById(sixMonths.getAttribute('aria-describedby') ?? '')?.textContent).toContain(price(930));
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it("'Pagar' without a selection says 'No has seleccionado alguna membresía' and stays on the selection", async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay();
    fireEvent.click(await screen.findByRole('button', { name: /^Pagar/ }));

    const message = screen.getByText('No has seleccionado alguna membresía');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('group', { name: 'Elige tu plan' }).getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByRole('heading', { name: 'Confirma tu compra' })).toBeNull();

    // Choosing a plan clears the message.
    fireEvent.click(screen.getByRole('radio', { name: '1 Año' }));
    expect(screen.queryByText('No has seleccionado alguna membresía')).toBeNull();
  });

  it("goes to the confirmation with the plan, mode and price, and 'Atrás' returns with the choice kept", async () => {
    const api = mockApi({ [QUOTES]: quotesWith(0) });
    renderPay();
    fireEvent.click(await screen.findByRole('radio', { name: '1 Año' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));

    const confirmation = screen.getByRole('region', { name: 'Confirma tu compra' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Confirma tu compra' }));
    expect(within(confirmation).getByText('Membresía').nextElementSibling?.textContent).toBe('1 Año');
    expect(within(confirmation).getByText('Tipo de membresía').nextElementSibling?.textContent).toBe('Individual');
    expect(within(confirmation).getByText('Total a pagar').nextElementSibling?.textContent).toBe(price(1275));
    expect(screen.queryByRole('radio', { name: '1 Año' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    const chosen = screen.getByRole('radio', { name: '1 Año' }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(document.activeElement).toBe(chosen);
    expect(api.requests()).toEqual([QUOTES]);
  });

  it('creates the checkout session for the session user and sends the browser to it', async () => {
    const api = mockApi({ [QUOTES]: quotesWith(0), [CHECKOUT]: { sessionUrl: '/api/payments/local-checkout/cs_local_1' } });
    renderPay('/app/membership-pay?mode=group');
    fireEvent.click(await screen.findByRole('radio', { name: 'De por vida' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar \$/ }));

    expect(await screen.findByRole('button', { name: 'Redirigiendo al pago...' })).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/cs_local_1'));
    expect(api.bodyOf(CHECKOUT)).toEqual({
      studentId: STUDENT.id,
      membershipTypeSelected: 'lifetime',
      membershipMode: 'group',
      paymentMethod: 'card',
    });
  });

  it("shows the server's message in a toast when the checkout cannot start, and lets the person try again", async () => {
    mockApi({
      [QUOTES]: quotesWith(0),
      [CHECKOUT]: apiError(502, 'CHECKOUT_FAILED', 'No pudimos iniciar el pago. Intenta nuevamente en unos momentos.'),
    });
    renderPay();
    fireEvent.click(await screen.findByRole('radio', { name: '6 Meses' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar \$/ }));

    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-tone')).toBe('error');
    expect(toast.textContent).toContain('No pudimos iniciar el pago. Intenta nuevamente en unos momentos.');
    expect((screen.getByRole('button', { name: /^Pagar \$/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it("falls back to 'No pudimos iniciar el pago. Intenta nuevamente.' when no session comes back", async () => {
    // A body off the contract, sent on purpose: the page must not trust it.
    mockApi({ [QUOTES]: quotesWith(0), [CHECKOUT]: jsonResponse({}) });
    renderPay();
    fireEvent.click(await screen.findByRole('radio', { name: '6 Meses' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar \$/ }));
    expect((await screen.findByTestId('toast')).textContent).toContain('No pudimos iniciar el pago. Intenta nuevamente.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('membership purchase: the mode query', () => {
  it('mode=group shows group cards, "5 membresías al precio de 2" and the group prices', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay('/app/membership-pay?mode=group');
    expect(((await screen.findByRole('radio', { name: 'Grupal' })) as HTMLInputElement).checked).toBe(true);
    const details = document.getElementById(
      screen.getByRole('radio', { name: '1 Año' }).getAttribute('aria-describedby') ?? '',
    )?.textContent;
    expect(details).toContain('5 membresías al precio de 2');
    expect(details).toContain(price(2550));
    expect(details).toContain(`Equivale a ${price(510)} por persona`);
  });

  it('anything but group is single', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay('/app/membership-pay?mode=familiar');
    expect(((await screen.findByRole('radio', { name: 'Individual' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('5 membresías al precio de 2')).toBeNull();
  });

  it('choosing single removes the parameter, group sets it, other parameters stay and no new quotes are asked for', async () => {
    const api = mockApi({ [QUOTES]: quotesWith(0) });
    const { router } = renderPay('/app/membership-pay?mode=group&discount=30');
    fireEvent.click(await screen.findByRole('radio', { name: 'Individual' }));
    await waitFor(() => expect(router.state.location.search).toBe('?discount=30'));
    expect(screen.queryByText('5 membresías al precio de 2')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Grupal' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('mode')).toBe('group'));
    expect(screen.getAllByText('5 membresías al precio de 2')).toHaveLength(3);
    expect(api.requests()).toEqual([QUOTES]);
  });

  it('keeps the chosen plan across a mode change and confirms in the new mode', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay();
    fireEvent.click(await screen.findByRole('radio', { name: '6 Meses' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Grupal' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Grupal' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    const confirmation = screen.getByRole('region', { name: 'Confirma tu compra' });
    expect(within(confirmation).getByText('Tipo de membresía').nextElementSibling?.textContent).toBe('Grupal5 membresías al precio de 2');
    expect(within(confirmation).getByText('Total a pagar').nextElementSibling?.textContent).toBe(price(1860));
  });
});

describe("membership purchase: the server's discount", () => {
  it("strikes through the regular price and shows the percent from the server's quote", async () => {
    const api = mockApi({ [QUOTES]: quotesWith(30), [CHECKOUT]: { sessionUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    // The query says 50; the server's 30 is what is shown and charged.
    renderPay('/app/membership-pay?discount=50');
    const radio = await screen.findByRole('radio', { name: '1 Año' });
    const card = document.getElementById(radio.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(card.querySelector('s')?.textContent).toBe(price(1275));
    expect(within(card).getByText(formatMXN(893))).toBeTruthy();
    expect(within(card).getByText('30% de descuento')).toBeTruthy();
    expect(screen.getByText('Tu descuento de 30% ya está aplicado en los precios de los planes.')).toBeTruthy();
    expect(screen.queryByText(/50%/)).toBeNull();

    fireEvent.click(radio);
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    const confirmation = screen.getByRole('region', { name: 'Confirma tu compra' });
    expect(within(confirmation).getByText('Precio regular').nextElementSibling?.textContent).toBe(price(1275));
    expect(within(confirmation).getByText('Descuento').nextElementSibling?.textContent).toBe('30%');
    expect(within(confirmation).getByText('Total a pagar').nextElementSibling?.textContent).toBe(price(893));

    fireEvent.click(screen.getByRole('button', { name: /^Pagar \$/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(api.bodyOf(CHECKOUT)).toEqual({
      studentId: STUDENT.id,
      membershipTypeSelected: '1-year',
      membershipMode: 'single',
      discount: 30,
      paymentMethod: 'card',
    });
  });

  it('shows regular prices and says so when the query hints a discount the server does not have', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay('/app/membership-pay?discount=50');
    const radio = await screen.findByRole('radio', { name: '1 Año' });
    const card = document.getElementById(radio.getAttribute('aria-describedby') ?? '') as HTMLElement;
    expect(card.querySelector('s')).toBeNull();
    expect(card.textContent).toContain(price(1275));
    expect(screen.getByText(/No encontramos un descuento disponible en tu cuenta/)).toBeTruthy();
  });
});

describe('membership purchase: loading', () => {
  it('asks a trial session to create an account', async () => {
    mockApi({ [QUOTES]: apiError(403, 'TRIAL_NOT_ALLOWED', 'Regístrate gratis para usar esta función.') });
    renderPay('/app/membership-pay?mode=group', trialUser(null));
    expect(await screen.findByRole('link', { name: 'Crear mi cuenta gratis' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' }).getAttribute('href')).toBe(
      `/login?redirectTo=${encodeURIComponent('/app/membership-pay?mode=group')}`,
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows a failed load with a retry that asks again', async () => {
    const api = mockApi({
      [QUOTES]: [
        apiError(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.'),
        jsonResponse(quotesWith(0)),
      ],
    });
    renderPay();
    expect(await screen.findByRole('heading', { level: 1, name: 'No pudimos cargar los precios' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Elige tu membresía' })).toBeTruthy();
    expect(api.requests()).toEqual([QUOTES, QUOTES]);
  });
});

describe('membership purchase: paying like a Mexican customer expects (issue 20)', () => {
  it('preselects the plan chosen on the landing and puts the amount on the button', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay('/app/membership-pay?plan=1-year');
    const chosen = (await screen.findByRole('radio', { name: '1 Año' })) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(screen.getByRole('button', { name: `Pagar ${formatMXN(1275)} MXN` })).toBeTruthy();
  });

  it('says a cancelled checkout charged nothing', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderPay('/app/membership-pay?plan=6-months&cancelado=1');
    expect(await screen.findByText(/Cancelaste el pago; no se hizo ningún cargo/)).toBeTruthy();
  });

  it('offers OXXO and meses sin intereses, and sends the chosen method', async () => {
    const api = mockApi({ [QUOTES]: quotesWith(0), [CHECKOUT]: { sessionUrl: '/api/payments/local-checkout/cs_local_1' } });
    renderPay('/app/membership-pay?plan=lifetime');
    fireEvent.click(await screen.findByRole('button', { name: /^Pagar/ }));
    const methods = within(screen.getByRole('group', { name: '¿Cómo quieres pagar?' }));
    expect(methods.getByRole('radio', { name: /Tarjeta de crédito o débito/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/hasta en 12 meses sin intereses \(desde \$125 MXN al mes\)/)).toBeTruthy();
    fireEvent.click(methods.getByRole('radio', { name: /Efectivo en OXXO/ }));
    fireEvent.click(screen.getByRole('button', { name: `Generar ficha OXXO por ${formatMXN(1500)} MXN` }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.bodyOf(CHECKOUT)).toMatchObject({ membershipTypeSelected: 'lifetime', paymentMethod: 'oxxo' });
  });

  it('says a purchase stacks on a running membership, and until when access would last', async () => {
    mockApi({ [QUOTES]: quotesWith(0, { currentAccessUntil: '2026-12-24T18:00:00.000Z' }) });
    renderPay('/app/membership-pay?plan=6-months');
    fireEvent.click(await screen.findByRole('button', { name: /^Pagar/ }));
    expect(screen.getByText(/Ya tienes una membresía activa hasta el 24 de diciembre de 2026\. Esta compra no la reemplaza/)).toBeTruthy();
    const confirmation = screen.getByRole('region', { name: 'Confirma tu compra' });
    expect(within(confirmation).getByText('Acceso hasta').nextElementSibling?.textContent).toBe('24 de mayo de 2027');
  });

  it('warns about an unpaid OXXO voucher before a second payment', async () => {
    mockApi({
      [QUOTES]: quotesWith(0, {
        pendingVouchers: [
          {
            paymentId: 'p1',
            reference: 'GAL-ABC',
            planId: '6-months',
            membershipMode: 'single',
            amountPaid: 930,
            voucherUrl: 'https://payments.stripe.test/oxxo/1',
            voucherExpiresAt: '2026-11-27T18:00:00.000Z',
          },
        ],
      }),
    });
    renderPay();
    const notice = within(await screen.findByRole('region', { name: 'Pago pendiente' }));
    expect(notice.getByText(/ficha de OXXO por \$930 MXN .* no pagues de nuevo/)).toBeTruthy();
    expect(notice.getByRole('link', { name: 'Ver mi ficha de pago GAL-ABC' }).getAttribute('href')).toBe(
      'https://payments.stripe.test/oxxo/1',
    );
  });

  it('does not offer individual plans to a student who holds lifetime access', async () => {
    const quotes = quotesWith(0, { hasLifetimeAccess: true });
    quotes.quotes = quotes.quotes.map((q) =>
      q.membershipMode === 'single' ? { ...q, unavailableReason: 'lifetime_already' as const } : q,
    );
    mockApi({ [QUOTES]: quotes });
    renderPay();
    expect(await screen.findByText(/Ya tienes acceso de por vida/)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'De por vida' })).toBeNull();
  });
});
