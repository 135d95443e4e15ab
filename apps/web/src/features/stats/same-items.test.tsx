import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { SameItemsStanding } from './same-items';

describe('«En tus mismas preguntas» (issue 40)', () => {
  it('shows her percentile with whom and how many she is compared with', async () => {
    mockApi({
      'GET /api/stats/same-items': { kind: 'percentile', percentile: 71, items: 120, peersPerItem: { min: 6, median: 23, max: 140 } },
    });
    render(<SameItemsStanding />);
    expect(await screen.findByText('71')).toBeTruthy();
    expect(screen.getByText(/últimas 120 preguntas te comparamos con los estudiantes de la app que respondieron esa misma pregunta/).textContent).toContain(
      'una mediana de 23, de 6 a 140, por pregunta',
    );
  });

  it('says why there is none yet: her questions, or the other students on them', async () => {
    mockApi({ 'GET /api/stats/same-items': { kind: 'few-items', items: 12, needed: 20 } });
    const { unmount } = render(<SameItemsStanding />);
    expect(await screen.findByText(/Aparecerá cuando respondas 8 preguntas más/)).toBeTruthy();
    unmount();
    mockApi({ 'GET /api/stats/same-items': { kind: 'few-peers', items: 45, comparable: 15, needed: 20 } });
    render(<SameItemsStanding />);
    expect(
      await screen.findByText('Aún no: de tus 45 preguntas, 15 tienen al menos 5 estudiantes más que la respondieron, y hacen falta 20 para compararte con justicia.'),
    ).toBeTruthy();
  });

  it('stays out of the way when it cannot be read', async () => {
    mockApi({ 'GET /api/stats/same-items': apiError(503, 'DATABASE_UNAVAILABLE', 'Servicio no disponible') });
    const { container } = render(<SameItemsStanding />);
    expect(screen.getByText('Comparando con quienes respondieron tus preguntas...')).toBeTruthy();
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
