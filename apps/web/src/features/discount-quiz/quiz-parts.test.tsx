import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextAttemptDay } from './next-attempt';
import { AttemptsCounter, TagsHeader } from './quiz-parts';

describe('AttemptsCounter', () => {
  it.each([
    [3, '3/3 intentos restantes'],
    [2, '2/3 intentos restantes'],
    [1, '1/3 intentos restantes'],
    [0, 'Sin intentos'],
  ])('reads %d as %s', (attemptsRemaining, text) => {
    render(<AttemptsCounter attemptsRemaining={attemptsRemaining} />);
    expect(screen.getByTestId('attempts-counter').textContent).toBe(text);
  });
});

describe('TagsHeader', () => {
  it('joins speciality and topic, skipping empty ones', () => {
    const { rerender } = render(<TagsHeader tags={{ Especialidad: 'Pediatría', Tema: 'Bronquiolitis', Dificultad: 'Media' }} />);
    expect(screen.getByText('Pediatría · Bronquiolitis')).toBeTruthy();
    rerender(<TagsHeader tags={{ Especialidad: 'Pediatría', Tema: ' ', Dificultad: 'Media' }} />);
    expect(screen.getByText('Pediatría')).toBeTruthy();
  });
});

describe('nextAttemptDay', () => {
  it("is the day after the attempt on Mexico City's calendar, whatever the UTC date", () => {
    expect(nextAttemptDay(new Date('2026-06-11T05:30:00Z'))).toBe('jueves 11 de junio');
    expect(nextAttemptDay(new Date('2026-06-11T06:30:00Z'))).toBe('viernes 12 de junio');
    expect(nextAttemptDay(new Date('2026-12-31T18:00:00Z'))).toBe('viernes 1 de enero');
  });
});
