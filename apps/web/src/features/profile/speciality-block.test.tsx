import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, STUDENT } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { ExamYearBlock } from './exam-year-block';
import { SpecialityBlock } from './speciality-block';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SpecialityBlock', () => {
  it('lets a student change the speciality already chosen (ux N18)', async () => {
    const api = mockApi({ 'PATCH /api/user/update-speciality': { success: true } });
    const reloadPage = vi.fn();
    renderRoutes([{ path: '/', element: <SpecialityBlock speciality="Pediatría" reloadPage={reloadPage} /> }], { user: STUDENT });
    expect(screen.getByText('Pediatría', { selector: 'strong' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar especialidad' }));
    const select = screen.getByRole('combobox', { name: 'Nueva especialidad' }) as HTMLSelectElement;
    expect(select.value).toBe('Pediatría');
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    // The same speciality again would change nothing.
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'Psiquiatría' } });
    fireEvent.click(save);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(api.bodyOf('PATCH /api/user/update-speciality')).toEqual({ speciality: 'Psiquiatría' });
  });
});

describe('ExamYearBlock', () => {
  it('offers the ENARM years from the next one not yet held, and keeps a past one already stored (ux N18)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T05:00:00Z'));
    mockApi({});
    renderRoutes([{ path: '/', element: <ExamYearBlock initial={2026} /> }], { user: STUDENT });
    const select = screen.getByRole('combobox', { name: '¿En qué año presentas el ENARM?' });
    const options = [...select.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['Aún no lo sé', '2026', '2027', '2028', '2029', '2030', '2031']);
  });

  it('starts at this year while its exam is ahead', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-02-01T12:00:00Z'));
    mockApi({});
    renderRoutes([{ path: '/', element: <ExamYearBlock initial={null} /> }], { user: STUDENT });
    const select = screen.getByRole('combobox', { name: '¿En qué año presentas el ENARM?' });
    expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual(['', '2027', '2028', '2029', '2030', '2031']);
  });
});
