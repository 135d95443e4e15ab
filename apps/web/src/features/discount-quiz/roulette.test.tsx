import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPIN_MS, SPIN_STEP_MS, WHEEL_PRIZES } from '@galeno/domain/discount-quiz';
import { rouletteHighlight } from '@galeno/domain/discount-quiz-machine';
import { preferReducedMotion } from './discount-quiz-test-helpers';
import { PrizeScreen } from './prize-screen';
import { Roulette } from './roulette';

function highlighted(): string | null {
  const segments = screen.getAllByTestId('roulette-segment');
  const on = segments.filter((segment) => segment.dataset.highlighted === 'true');
  expect(on.length).toBeLessThanOrEqual(1);
  return on[0]?.textContent?.replace(/\s*de descuento/, '') ?? null;
}

const label = (index: number) => `${WHEEL_PRIZES[index]}%`;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Roulette', () => {
  it('shows 10, 20, 30, 50 and 80%, with nothing highlighted before the spin', () => {
    render(<Roulette prize={50} phase="idle" onLanded={() => undefined} />);
    expect(screen.getAllByTestId('roulette-segment').map((segment) => segment.textContent)).toEqual([
      '10% de descuento',
      '20% de descuento',
      '30% de descuento',
      '50% de descuento',
      '80% de descuento',
    ]);
    expect(highlighted()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('moves the highlight every 200 ms for 3 s, then lands on the prize and announces it', () => {
    const onLanded = vi.fn();
    const view = render(<Roulette prize={30} phase="spinning" onLanded={onLanded} />);
    expect(highlighted()).toBe(label(rouletteHighlight(0, 30)));
    expect(screen.getByRole('status').textContent).toBe('Girando...');

    act(() => vi.advanceTimersByTime(SPIN_STEP_MS - 1));
    expect(highlighted()).toBe(label(rouletteHighlight(0, 30)));
    act(() => vi.advanceTimersByTime(1));
    expect(highlighted()).toBe(label(rouletteHighlight(1, 30)));
    act(() => vi.advanceTimersByTime(SPIN_STEP_MS));
    expect(highlighted()).toBe(label(rouletteHighlight(2, 30)));

    act(() => vi.advanceTimersByTime(SPIN_MS - 2 * SPIN_STEP_MS - 1));
    expect(onLanded).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(highlighted()).toBe('30%');

    // The parent moves to the result: the same live region now says what was won.
    view.rerender(<Roulette prize={30} phase="landed" onLanded={onLanded} />);
    expect(screen.getByRole('status').textContent).toBe('¡Ganaste 30% de descuento!');
    expect(screen.getByRole('listitem', { current: true }).textContent).toContain('30%');
    act(() => vi.advanceTimersByTime(SPIN_MS));
    expect(onLanded).toHaveBeenCalledTimes(1);
  });
});

describe('PrizeScreen', () => {
  function renderPrize(prize: number) {
    const onLanded = vi.fn();
    const content = <p>Acciones</p>;
    const view = render(<PrizeScreen showing="roulette" prize={prize} focusHeading={false} onLanded={onLanded} resultContent={content} />);
    const land = () =>
      view.rerender(<PrizeScreen showing="result" prize={prize} focusHeading onLanded={onLanded} resultContent={content} />);
    return { onLanded, land };
  }

  it("spins on 'Girar la ruleta' ('Girando...' meanwhile) and lands after 3 s", () => {
    preferReducedMotion(false);
    const { onLanded, land } = renderPrize(80);
    expect(screen.getByRole('heading', { level: 1, name: '¡Gira la ruleta!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Girar la ruleta' }));
    expect((screen.getByRole('button', { name: 'Girando...' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(SPIN_MS - 1));
    expect(onLanded).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLanded).toHaveBeenCalledTimes(1);

    land();
    const heading = screen.getByRole('heading', { level: 1, name: '¡Felicidades!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe('¡Ganaste 80% de descuento!');
    expect(screen.getByText('Acciones')).toBeTruthy();
  });

  it('skips the spin for people who prefer reduced motion', () => {
    preferReducedMotion(true);
    const { onLanded } = renderPrize(50);
    fireEvent.click(screen.getByRole('button', { name: 'Girar la ruleta' }));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Girando...')).toBeNull();
  });
});
