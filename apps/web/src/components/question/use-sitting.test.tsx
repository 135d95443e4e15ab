import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { SaveAnswers } from '../../lib/sitting-autosave';
import { mockApi } from '../../test/api-mock';
import { useSitting } from './use-sitting';

const KEY = 'examen-pendiente:s-1';
const START = { questionIds: ['q-1', 'q-2', 'q-3'], parts: [{ from: 0, to: 3 }], part: 0, status: 'en-curso' as const, saved: [] };

function sitting(save: SaveAnswers, { knownFlags }: { knownFlags?: string[] } = {}) {
  const onClosed = vi.fn();
  const onSignedOut = vi.fn();
  const hook = renderHook(() => useSitting({ storageKey: KEY, start: START, save, onClosed, onSignedOut, knownFlags }));
  return { ...hook, onClosed, onSignedOut };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an exam sitting on the page (simulacro, custom exam in exam mode)', () => {
  it('saves an answer a moment after it is chosen, keeping it on this device until the server confirms it', async () => {
    const save = vi.fn<SaveAnswers>().mockResolvedValue(true);
    const { result } = sitting(save, { knownFlags: [] });
    act(() => result.current.select(2));
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ 'q-1': 2 });
    expect(save).not.toHaveBeenCalled();
    // Changing one's mind within the pause sends once, with the last choice.
    act(() => result.current.select(1));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual([{ questionId: 'q-1', optionSelectedIndex: 1 }]);
    expect(result.current.saveStatus).toEqual({ kind: 'saved' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('waits offline and tries again, losing nothing, when the connection fails', async () => {
    const save = vi
      .fn<SaveAnswers>()
      .mockRejectedValueOnce(new ApiError('Sin conexión', 'NETWORK_ERROR', 0))
      .mockResolvedValue(true);
    const { result } = sitting(save, { knownFlags: [] });
    act(() => result.current.select(3));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(result.current.saveStatus.kind).toBe('offline');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ 'q-1': 3 });
    // Five seconds later it tries again (after the same short pause).
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.saveStatus).toEqual({ kind: 'saved' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('starts from the answers this device kept and sends them, and reloads when the server closed the sitting', async () => {
    localStorage.setItem(KEY, JSON.stringify({ 'q-2': 0 }));
    const save = vi.fn<SaveAnswers>().mockRejectedValue(new ApiError('La parte terminó.', 'SITTING_CLOSED', 409));
    const { result, onClosed } = sitting(save, { knownFlags: [] });
    expect(result.current.state.selections).toEqual({ 'q-2': 0 });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(save.mock.calls[0]![0]).toEqual([{ questionId: 'q-2', optionSelectedIndex: 0 }]);
    expect(onClosed).toHaveBeenCalled();
  });

  it('sends a signed-out student to log in', async () => {
    const save = vi.fn<SaveAnswers>().mockRejectedValue(new ApiError('Inicia sesión.', 'UNAUTHORIZED', 401));
    const { result, onSignedOut } = sitting(save, { knownFlags: [] });
    act(() => result.current.select(0));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(onSignedOut).toHaveBeenCalled();
  });

  it('keeps the flags it came with, and the question map moves to a question and closes', () => {
    const api = mockApi({});
    const { result } = sitting(vi.fn<SaveAnswers>().mockResolvedValue(true), { knownFlags: ['q-3'] });
    expect(result.current.flags.isFlagged('q-3')).toBe(true);
    expect(api.requests()).toEqual([]);
    act(() => result.current.palette.toggle());
    expect(result.current.palette.open).toBe(true);
    expect(result.current.palette.entries().map((entry) => entry.flagged)).toEqual([false, false, true]);
    act(() => result.current.palette.go(2));
    expect(result.current.state.index).toBe(2);
    expect(result.current.questionId).toBe('q-3');
    expect(result.current.palette.open).toBe(false);
  });
});
