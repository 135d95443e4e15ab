import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster, toast } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces errors in the alert region and other news in the status region', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Fecha de nacimiento incorrecta.');
      toast.success('Usuario creado correctamente');
    });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(alert.textContent).toContain('Fecha de nacimiento incorrecta.');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Usuario creado correctamente');
  });

  it('goes away by itself, or with its close button', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Listo');
      toast.error('Falló');
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Listo')).toBeNull();
    expect(screen.getByText('Falló')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Falló')).toBeNull();
  });

  it('shows at most three at once, dropping the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (const message of ['uno', 'dos', 'tres', 'cuatro']) toast.info(message);
    });
    expect(screen.getAllByTestId('toast').map((item) => item.textContent)).toEqual(['Aviso: dos', 'Aviso: tres', 'Aviso: cuatro']);
  });
});
