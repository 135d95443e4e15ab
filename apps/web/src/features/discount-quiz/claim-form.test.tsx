import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, useRouteError } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../components/ui/toast';
import { apiError, mockApi } from '../../test/api-mock';
import { readSignupPrefill } from '../../lib/signup-prefill';
import { renderRoutes } from '../../test/render';
import { ClaimForm, claimRequestOf } from './claim-form';

const CLAIM = 'POST /api/discount-quiz/public-discounts';

function RouteError() {
  const error = useRouteError();
  return <p>Error: {error instanceof Error ? error.message : 'desconocido'}</p>;
}

/** The signup page as far as these tests go: it shows the history state it was opened with, and the address. */
function Signup() {
  const location = useLocation();
  return (
    <>
      <h1>Registro</h1>
      <p data-testid="signup-url">{`${location.pathname}${location.search}`}</p>
      <p data-testid="signup-state">{JSON.stringify(location.state)}</p>
    </>
  );
}

function renderForm(prize: number | null = 50) {
  const onBack = vi.fn();
  renderRoutes([
    { path: '/', element: <ClaimForm prize={prize} focusHeading={false} onBack={onBack} />, errorElement: <RouteError /> },
    { path: '/signup', element: <Signup /> },
  ]);
  return { onBack };
}

const signupState = (): unknown => JSON.parse(screen.getByTestId('signup-state').textContent ?? 'null');

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Recibir descuento' }));

function fillValid() {
  type('Nombre completo', 'Laura Gómez');
  type('Email', 'laura@example.com');
  type('Fecha de nacimiento', '1996-02-10');
}

afterEach(() => {
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

describe('ClaimForm', () => {
  it("has the spec's fields, with the birth date as a date input", () => {
    mockApi({});
    renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Recibe tu descuento de 50%' })).toBeTruthy();
    expect(input('Nombre completo').type).toBe('text');
    expect(input('Email').type).toBe('email');
    expect(input('Fecha de nacimiento').type).toBe('date');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
    // What the data are for, and the notice (issue 20).
    expect(screen.getByText(/Usamos estos datos solo para enviarte tu descuento/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'aviso de privacidad' }).getAttribute('href')).toBe('/privacidad');
  });

  it('shows one inline error at a time, in the spec order, on the field it is about', () => {
    const { fetchMock } = mockApi({});
    renderForm();
    const expectOnly = (label: string, message: string) => {
      const alerts = screen.getAllByText(/^(Por favor|La fecha)/);
      expect(alerts.map((node) => node.textContent)).toEqual([message]);
      expect(input(label).getAttribute('aria-invalid')).toBe('true');
      expect(input(label).getAttribute('aria-describedby')).toBe(alerts[0]!.id);
      expect(document.activeElement).toBe(input(label));
    };

    submit();
    expectOnly('Nombre completo', 'Por favor ingresa tu nombre.');
    type('Nombre completo', 'Laura Gómez');
    expect(screen.queryByText('Por favor ingresa tu nombre.')).toBeNull();
    submit();
    expectOnly('Email', 'Por favor ingresa tu email.');
    type('Email', 'laura@');
    submit();
    expectOnly('Email', 'Por favor ingresa un email válido.');
    type('Email', 'laura@example.com');
    submit();
    expectOnly('Fecha de nacimiento', 'Por favor ingresa tu fecha de nacimiento.');
    type('Fecha de nacimiento', '2999-01-01');
    submit();
    expectOnly('Fecha de nacimiento', 'La fecha de nacimiento no puede ser en el futuro.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("'Volver' goes back to the result", () => {
    mockApi({});
    const { onBack } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("confirms the e-mail in 'Confirma tu correo'; 'Corregir correo' closes it and goes back to the e-mail", async () => {
    const { fetchMock } = mockApi({});
    renderForm();
    fillValid();
    submit();
    const dialog = screen.getByRole('dialog', { name: 'Confirma tu correo' });
    expect(dialog.textContent).toContain('laura@example.com');
    expect(dialog.textContent).toContain('después no podrás cambiar este correo');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Corregir correo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input('Email')));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("'Todo bien' sends the claim ('Cargando...' and 'Enviando...' meanwhile), toasts, closes the popup and shows '¡Email enviado!'", async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({ [CLAIM]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderForm(50);
    type('Nombre completo', '  Laura Gómez ');
    type('Email', ' laura@example.com ');
    type('Fecha de nacimiento', '1996-02-10');
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Todo bien' }));

    expect(await screen.findByRole('button', { name: 'Cargando...' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enviando...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.bodyOf(CLAIM)).toEqual({ name: 'Laura Gómez', email: 'laura@example.com', dateOfBirth: '1996-02-10', discount: '50%' });

    await act(async () =>
      answer(
        new Response(JSON.stringify({ success: true, discount: '50%', validUntil: '2026-12-20T18:00:00.000Z' }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '¡Email enviado!' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Tu descuento fue registrado correctamente');
    const main = screen.getByRole('heading', { level: 1 }).parentElement!;
    expect(main.textContent).toContain('laura@example.com');
    expect(main.textContent).toMatch(/bandeja de entrada/);
    expect(main.textContent).toMatch(/spam/);
    expect(main.textContent).toContain('Válido hasta el 20 de diciembre de 2026.');
    expect(screen.getByTestId('prize-conditions').textContent).toBe(
      'Un solo uso en planes de 6 meses, 1 año o de por vida (individual o grupal), solo para la cuenta de este correo.',
    );
  });

  it("'Crear mi cuenta' opens the signup with the claim's name, e-mail, birth date and discount, none of it in the address", async () => {
    mockApi({ [CLAIM]: { success: true, discount: '80%', validUntil: '2026-12-20T18:00:00.000Z' } });
    renderForm(80);
    type('Nombre completo', '  Laura Gómez ');
    type('Email', ' laura@example.com ');
    type('Fecha de nacimiento', '1996-02-10');
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Todo bien' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¡Email enviado!' })).toBeTruthy();

    const link = screen.getByRole('link', { name: 'Crear mi cuenta' });
    expect(link.getAttribute('href')).toBe('/signup');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro' })).toBeTruthy();
    expect(screen.getByTestId('signup-url').textContent).toBe('/signup');
    const prefill = { email: 'laura@example.com', name: 'Laura Gómez', dateOfBirth: '1996-02-10', discountPercent: 80 };
    expect(signupState()).toEqual({ signupPrefill: prefill });
    // What the signup page will read from it.
    expect(readSignupPrefill(signupState())).toEqual(prefill);
  });

  it("shows the server's message as an error toast and closes the popup when the claim fails", async () => {
    mockApi({ [CLAIM]: apiError(409, 'EMAIL_ALREADY_CLAIMED', 'Este correo ya recibió un descuento.') });
    renderForm();
    fillValid();
    submit();
    fireEvent.click(screen.getByRole('button', { name: 'Todo bien' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Este correo ya recibió un descuento.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('¡Email enviado!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Recibir descuento' })).toBeTruthy();
    // The discount already waits at that address: «Crear mi cuenta» with it, prefilled (issue 35, N16).
    const status = screen.getByText(/Ese correo ya tiene un descuento guardado/);
    expect(within(status).getByRole('link', { name: 'Crear mi cuenta' }).getAttribute('href')).toBe('/signup');
  });

  it("throws 'No discount' without a discount, once the fields are valid", () => {
    expect(() => claimRequestOf({ name: 'Ana', email: 'ana@example.com', dateOfBirth: '1990-01-01' }, null)).toThrow('No discount');
    expect(claimRequestOf({ name: ' Ana ', email: 'ana@example.com', dateOfBirth: '1990-01-01' }, 30).discount).toBe('30%');

    mockApi({});
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderForm(null);
    submit();
    expect(screen.getByText('Por favor ingresa tu nombre.')).toBeTruthy();
    fillValid();
    submit();
    expect(screen.getByText('Error: No discount')).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });
});
