import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QuizResults } from './quiz-results';
import { savedEvaluation } from '../../test/quiz-fixtures';

function renderResults(averageScore: number) {
  const { quickQuizEvaluation } = savedEvaluation({ averageScore });
  const router = createMemoryRouter([{ path: '/', element: <QuizResults evaluation={quickQuizEvaluation} /> }]);
  render(<RouterProvider router={router} />);
}

describe('quiz results', () => {
  it.each([
    [100, 'Excelente'],
    [90, 'Excelente'],
    [89, 'Bien'],
    [70, 'Bien'],
    [69, 'Necesita mejorar'],
    [0, 'Necesita mejorar'],
  ])('a score of %i %% reads %s', (score, label) => {
    renderResults(score);
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText(`${score}%`)).toBeTruthy();
  });

  it('shows the totals and each speciality, with a close link and a way back to the main menu', () => {
    renderResults(75);
    const heading = screen.getByRole('heading', { level: 1, name: 'Resultados de la sesión' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/Respondiste correctamente/).textContent).toBe('Respondiste correctamente 3 de 4 preguntas.');
    expect(screen.getByText('2 de marzo de 2026')).toBeTruthy();
    expect(screen.getByText('Pediatría y Neonatología')).toBeTruthy();
    expect(screen.getByText('Pediatría')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cerrar y volver al inicio' }).getAttribute('href')).toBe('/app');
    expect(screen.getByRole('link', { name: 'Volver al menú principal' }).getAttribute('href')).toBe('/app');
  });

  it("shows the time of a timed session and its pace beside the ENARM's", () => {
    const { quickQuizEvaluation } = savedEvaluation({ totalTimeMs: 232_000 });
    const router = createMemoryRouter([{ path: '/', element: <QuizResults evaluation={quickQuizEvaluation} /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText(/Tiempo:/).textContent).toBe('Tiempo: 00:03:52');
    expect(screen.getByTestId('pace-benchmark').textContent).toBe('Tu ritmo: 58 s por pregunta · ENARM: 64 s');
  });

  it('shows no time for a session that kept none', () => {
    renderResults(75);
    expect(screen.queryByText(/Tiempo:/)).toBeNull();
    expect(screen.queryByText(/Tu ritmo/)).toBeNull();
  });
});
