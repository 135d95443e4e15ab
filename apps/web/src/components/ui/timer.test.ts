import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStopwatch } from './timer';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useStopwatch', () => {
  it('counts whole seconds from mount while running', () => {
    const { result } = renderHook(() => useStopwatch(true));
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(1);
    act(() => {
      vi.advanceTimersByTime(3600_000);
    });
    expect(result.current).toBe(3601);
  });

  it('stays where it was once stopped', () => {
    const { result, rerender } = renderHook(({ running }) => useStopwatch(running), { initialProps: { running: true } });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    rerender({ running: false });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(5);
  });

  it('reads the clock on each tick, so throttled timers in a background tab do not lose time', () => {
    const { result } = renderHook(() => useStopwatch(true));
    // The clock jumps 90 s while only one tick gets to run.
    act(() => {
      vi.setSystemTime(Date.now() + 89_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(90);
  });
});
