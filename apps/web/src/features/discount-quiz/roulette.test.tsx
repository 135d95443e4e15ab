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
  return on[0]?.textContent ?? null;
}

const label = (index: number) => `${WHEEL_PRIZES[index]}%`;

/** The disc's rotation in degrees, clockwise, as drawn. */
function rotation(): number {
  const match = /rotate\((-?[\d.]+)deg\)/.exec(screen.getByTestId('roulette-disc').style.transform);
  expect(match).not.toBeNull();
  return Number(match![1]);
}

/**
 * The label centred under the fixed pointer at the top when the disc is turned `by` degrees (as drawn now
 * by default), read from the drawing itself: the one whose own rotation plus the disc's comes to a whole
 * number of turns (upright at 12 o'clock). Null when the pointer is on a border.
 */
function labelUnderPointer(by = rotation()): string | null {
  const under = screen.getAllByTestId('roulette-segment').filter((segment) => {
    const own = /rotate\((-?[\d.]+)/.exec(segment.querySelector('text')!.getAttribute('transform') ?? '');
    const total = Number(own![1]) + by;
    return Math.abs(total - 360 * Math.round(total / 360)) < 0.001;
  });
  return under.length === 1 ? under[0]!.textContent : null;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Roulette', () => {
  it('draws a wheel of 10, 20, 30, 50 and 80%, hidden from screen readers, which read the prizes as text', () => {
    render(<Roulette prize={50} phase="idle" onLanded={() => undefined} />);
    expect(screen.getAllByTestId('roulette-segment').map((segment) => segment.textContent)).toEqual(['10%', '20%', '30%', '50%', '80%']);
    expect(screen.getByTestId('roulette-wheel').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('roulette-wheel').querySelectorAll('svg path').length).toBeGreaterThanOrEqual(WHEEL_PRIZES.length);
    expect(screen.getByText('Premios de la ruleta: 10%, 20%, 30%, 50% y 80% de descuento.').className).toContain('sr-only');
    // Before the spin nothing is chosen: the pointer rests on a border between two segments.
    expect(highlighted()).toBeNull();
    expect(labelUnderPointer()).toBeNull();
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
    expect(highlighted()).toBe('30%');
    expect(labelUnderPointer()).toBe('30%');
    act(() => vi.advanceTimersByTime(SPIN_MS));
    expect(onLanded).toHaveBeenCalledTimes(1);
  });

  it.each([30, 50, 80])(
    'turns the wheel forward, 3 whole turns and more, and stops with the drawn prize (%i) under the pointer',
    (prize) => {
      const onLanded = vi.fn();
      const view = render(<Roulette prize={prize} phase="idle" onLanded={onLanded} />);
      const start = rotation();
      view.rerender(<Roulette prize={prize} phase="spinning" onLanded={onLanded} />);
      expect(screen.getByTestId('roulette-disc').className).toContain('transition-transform');

      const steps = SPIN_MS / SPIN_STEP_MS;
      let previous = start;
      for (let step = 0; step < steps; step += 1) {
        // Each 200 ms step turns the wheel one segment, from border to border, across the highlighted one.
        expect(highlighted()).toBe(label(rouletteHighlight(step, prize)));
        expect(rotation() - previous).toBe(72);
        expect(labelUnderPointer()).toBeNull();
        expect(labelUnderPointer((previous + rotation()) / 2)).toBe(highlighted());
        previous = rotation();
        act(() => vi.advanceTimersByTime(SPIN_STEP_MS));
      }
      expect(onLanded).toHaveBeenCalledTimes(1);
      // The highlight has landed; the wheel eases the last half segment into the prize's centre.
      expect(highlighted()).toBe(`${prize}%`);
      expect(labelUnderPointer()).toBe(`${prize}%`);
      expect(rotation() - previous).toBe(36);
      view.rerender(<Roulette prize={prize} phase="landed" onLanded={onLanded} />);
      expect(labelUnderPointer()).toBe(`${prize}%`);
      expect(highlighted()).toBe(`${prize}%`);
      expect(rotation() - start).toBeGreaterThanOrEqual(3 * 360);
      expect(rotation() - start).toBeLessThanOrEqual(4 * 360);
    },
  );

  it('shows the prize under the pointer at once, without turning, when it opens on the result', () => {
    render(<Roulette prize={80} phase="landed" onLanded={() => undefined} />);
    expect(labelUnderPointer()).toBe('80%');
    expect(highlighted()).toBe('80%');
    expect(screen.getByTestId('roulette-disc').className).not.toContain('transition');
    expect(screen.getByRole('status').textContent).toBe('¡Ganaste 80% de descuento!');
  });
});

describe('PrizeScreen', () => {
  const CONDITIONS = 'Condiciones del premio';

  function renderPrize(prize: number) {
    const onLanded = vi.fn();
    const content = <p>Acciones</p>;
    const view = render(
      <PrizeScreen
        showing="roulette"
        prize={prize}
        focusHeading={false}
        onLanded={onLanded}
        conditions={CONDITIONS}
        resultContent={content}
      />,
    );
    const land = () =>
      view.rerender(
        <PrizeScreen showing="result" prize={prize} focusHeading onLanded={onLanded} conditions={CONDITIONS} resultContent={content} />,
      );
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

    expect(screen.queryByText(CONDITIONS)).toBeNull();
    land();
    const heading = screen.getByRole('heading', { level: 1, name: '¡Felicidades!' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('status').textContent).toBe('¡Ganaste 80% de descuento!');
    expect(labelUnderPointer()).toBe('80%');
    expect(screen.getByTestId('prize-conditions').textContent).toBe(CONDITIONS);
    expect(screen.getByText('Acciones')).toBeTruthy();
  });

  it('skips the spin for people who prefer reduced motion: the wheel shows the prize without turning', () => {
    preferReducedMotion(true);
    const { onLanded, land } = renderPrize(50);
    fireEvent.click(screen.getByRole('button', { name: 'Girar la ruleta' }));
    expect(onLanded).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Girando...')).toBeNull();
    land();
    expect(labelUnderPointer()).toBe('50%');
    expect(screen.getByTestId('roulette-disc').className).not.toContain('transition');
  });
});
