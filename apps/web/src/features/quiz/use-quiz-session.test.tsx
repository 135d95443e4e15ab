import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-mock';
import { useQuizSession } from './use-quiz-session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useQuizSession', () => {
  it('asks the server once, and keeps one handle across renders (a case being loaded is never cancelled by it)', async () => {
    const calls = stubApi(() => undefined);
    const { result, rerender } = renderHook(() => useQuizSession('quick'));
    const first = result.current;
    rerender();
    rerender();
    expect(result.current).toBe(first);
    const id = await result.current.open();
    expect(await result.current.open()).toBe(id);
    await waitFor(() => expect(result.current.currentId()).toBe(id));
    expect(calls.filter((call) => call.path === '/api/quiz/sessions')).toHaveLength(1);
  });
});
