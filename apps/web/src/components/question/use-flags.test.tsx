import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../test/api-mock';
import { clearToasts, useToasts } from '../ui/toast';
import { FLAG_SAVE_FAILED, useFlags } from './use-flags';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the flags of the quiz screens', () => {
  it("start from the student's saved flags and change at once", async () => {
    const api = mockApi({
      'GET /api/quiz/flags': { total: 1, questionIds: ['q-1'] },
      'PUT /api/quiz/flags/q-2': { questionId: 'q-2', flagged: true },
    });
    const { result } = renderHook(() => useFlags(true));
    await waitFor(() => expect(result.current.isFlagged('q-1')).toBe(true));
    await act(() => result.current.toggle('q-2'));
    expect(result.current.isFlagged('q-2')).toBe(true);
    expect(api.bodyOf('PUT /api/quiz/flags/q-2')).toEqual({ flagged: true });
  });

  it('put a flag back as it was, and say so, when saving it fails', async () => {
    mockApi({
      'GET /api/quiz/flags': { total: 0, questionIds: [] },
      'PUT /api/quiz/flags/q-3': apiError(503, 'SERVICE_UNAVAILABLE', 'No disponible.'),
    });
    const { result } = renderHook(() => ({ flags: useFlags(true), toasts: useToasts() }));
    await act(() => result.current.flags.toggle('q-3'));
    expect(result.current.flags.isFlagged('q-3')).toBe(false);
    expect(result.current.toasts.map((toast) => toast.message)).toContain(FLAG_SAVE_FAILED);
  });

  it('keep nothing for a trial: no request, no control', () => {
    const api = mockApi({});
    const { result } = renderHook(() => useFlags(false));
    expect(result.current.controlFor('q-1')).toBeUndefined();
    expect(api.requests()).toEqual([]);
  });
});
