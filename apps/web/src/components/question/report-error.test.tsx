import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { clearToasts, Toaster } from '../ui/toast';
import { REPORT_SENT, ReportErrorButton } from './report-error';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

function renderButton() {
  render(
    <>
      <ReportErrorButton itemKind="question" itemId="q-1" />
      <Toaster />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Reportar un error' }));
  return screen.getByRole('dialog', { name: 'Reportar un error' });
}

describe('"Reportar un error"', () => {
  it('asks for a reason, then sends the reason and the detail and thanks the student', async () => {
    const api = mockApi({ 'POST /api/reports': { id: 'r-1', openReportsOnItem: 1 } });
    const dialog = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Elige el motivo del reporte.');
    expect(api.requests()).toEqual([]);

    fireEvent.click(screen.getByLabelText('La respuesta correcta está mal'));
    fireEvent.change(screen.getByLabelText('Detalle (opcional)'), { target: { value: '  Según la GPC es la C.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() => expect(screen.getByText(REPORT_SENT)).toBeTruthy());
    expect(api.bodyOf('POST /api/reports')).toEqual({
      itemKind: 'question',
      itemId: 'q-1',
      reason: 'respuesta-incorrecta',
      detail: 'Según la GPC es la C.',
    });
    expect(dialog.isConnected).toBe(false);
  });

  it("shows the server's message and keeps what was written when the report is refused", async () => {
    mockApi({
      'POST /api/reports': apiError(429, 'TOO_MANY_REPORTS', 'Ya enviaste varios reportes de este elemento. Lo revisaremos pronto.'),
    });
    const dialog = renderButton();
    fireEvent.click(screen.getByLabelText('Otro motivo'));
    fireEvent.change(screen.getByLabelText('Detalle (opcional)'), { target: { value: 'Falta una opción.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Ya enviaste varios reportes de este elemento. Lo revisaremos pronto.'),
    );
    expect((screen.getByLabelText('Detalle (opcional)') as HTMLTextAreaElement).value).toBe('Falta una opción.');
  });
});
