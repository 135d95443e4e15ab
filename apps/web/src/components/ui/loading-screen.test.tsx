import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a polite status region with a steady label for screen readers', () => {
    render(<LoadingScreen />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Cargando...');
  });

  it('moves its dots every 500 ms and starts over after three', () => {
    render(<LoadingScreen />);
    const text = () => screen.getByTestId('loading-text').textContent;

    expect(text()).toBe('Cargando');
    const seen: (string | null)[] = [];
    for (let step = 0; step < 4; step++) {
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(text()).toBe(step === 0 ? 'Cargando' : seen[step - 1]);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      seen.push(text());
    }
    expect(seen).toEqual(['Cargando.', 'Cargando..', 'Cargando...', 'Cargando']);
  });
});
