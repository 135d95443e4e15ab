import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitDuration, useCountdown } from './countdown';

describe('splitDuration', () => {
  it('splits into days, hours, minutes and seconds, rounding up to the second', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(splitDuration(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and calls back once at zero', () => {
    const onExpire = vi.fn();
    const end = Date.now() + 2500;
    function Clock() {
      const left = useCountdown(end, onExpire);
      return <p data-testid="left">{left}</p>;
    }
    render(<Clock />);
    expect(screen.getByTestId('left').textContent).toBe('2500');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('left').textContent).toBe('1500');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('left').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(5000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
