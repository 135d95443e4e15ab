import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui/toast';
import { apiError, mockApi, STUDENT, trialUser } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { quotesWith, routeAt } from './memberships-test-helpers';
import * as oneWeekRoute from './one-week-route';
import { browser } from './use-checkout';

const CHECKOUT = 'POST /api/payments/stripe-checkout-session';
const QUOTES = 'GET /api/payments/quotes';

function renderOffer(user = STUDENT) {
  return renderRoutes([routeAt('/app/membership-pay/one-dollar', oneWeekRoute)], { path: '/app/membership-pay/one-dollar', user });
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one-week offer', () => {
  it('offers one week for 19 MXN, paid once by card or at OXXO without renewal, with a way back to /app', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderOffer();
    expect(await screen.findByRole('heading', { level: 1, name: '1 semana de acceso completo' })).toBeTruthy();
    expect(screen.getByText('$19')).toBeTruthy();
    expect(screen.getByText(/Sin renovación automática/)).toBeTruthy();
    expect(screen.getByText(/Pago único con tarjeta o en efectivo en OXXO/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Efectivo en OXXO/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/app');
  });

  it('says before paying that unstarted free hours are given up, and that running ones end (ux N22)', async () => {
    mockApi({ [QUOTES]: quotesWith(0, { freeHoursGivenUp: 'unstarted' }) });
    const { unmount } = renderOffer();
    const notice = await screen.findByRole('note', { name: 'Renuncias a tus horas gratis' });
    expect(notice.textContent).toContain(
      'Aún no empiezan tus horas de estudio gratis. Si compras la semana ahora, empieza hoy y renuncias a ellas: no se guardan para después.',
    );
    // Said before the button that pays.
    const pay = screen.getByRole('button', { name: 'Pagar $19 MXN' });
    expect(notice.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();

    mockApi({ [QUOTES]: quotesWith(0, { freeHoursGivenUp: 'running' }) });
    renderOffer();
    expect((await screen.findByRole('note', { name: 'Renuncias a tus horas gratis' })).textContent).toContain(
      'La semana empieza hoy y reemplaza lo que te queda de tus horas gratis: no se suman.',
    );
  });

  it('says nothing about free hours to an account without them', async () => {
    mockApi({ [QUOTES]: quotesWith(0) });
    renderOffer();
    await screen.findByRole('button', { name: 'Pagar $19 MXN' });
    expect(screen.queryByRole('note', { name: 'Renuncias a tus horas gratis' })).toBeNull();
  });

  it("pays through the same checkout with '1-week' in single mode and redirects", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({ [QUOTES]: quotesWith(0), [CHECKOUT]: { sessionUrl: '/api/payments/local-checkout/cs_local_7' } });
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar $19 MXN' }));
    expect(await screen.findByRole('button', { name: 'Redirigiendo al pago...' })).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/cs_local_7'));
    expect(api.bodyOf(CHECKOUT)).toEqual({
      studentId: STUDENT.id,
      membershipTypeSelected: '1-week',
      membershipMode: 'single',
      paymentMethod: 'card',
    });
  });

  it('shows a Spanish toast when the payment cannot start', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({
      [QUOTES]: quotesWith(0),
      [CHECKOUT]: apiError(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.'),
    });
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar $19 MXN' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('No pudimos iniciar el pago. Intenta nuevamente.');
    expect((screen.getByRole('button', { name: 'Pagar $19 MXN' }) as HTMLButtonElement).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks a trial session for an account', async () => {
    mockApi({ [QUOTES]: apiError(403, 'TRIAL_NOT_ALLOWED', 'Necesitas una cuenta.') });
    renderOffer(trialUser(null));
    expect((await screen.findByRole('link', { name: 'Crear mi cuenta gratis' })).getAttribute('href')).toBe('/signup?desde=prueba');
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
  });

  it('says the offer was used instead of selling it again', async () => {
    const quotes = quotesWith(0);
    quotes.quotes = quotes.quotes.map((q) => (q.planId === '1-week' ? { ...q, unavailableReason: 'one_week_offer_used' as const } : q));
    mockApi({ [QUOTES]: quotes });
    renderOffer();
    expect(await screen.findByRole('heading', { name: 'Ya usaste la oferta de 1 semana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver membresías' }).getAttribute('href')).toBe('/app/membership-pay');
  });
});
