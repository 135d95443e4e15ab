import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '@galeno/domain/contracts/quiz';
import { SessionReviewList } from './session-review';

const TAGS = { Especialidad: 'Cirugía', SubEspecialidad: 'Cirugía General', Tema: 'Apendicitis aguda', Dificultad: 'Media' };

function item(id: string, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    question: {
      id,
      question: `¿Diagnóstico más probable? (${id})`,
      options: [{ text: 'Apendicitis aguda' }, { text: 'Colecistitis' }, { text: 'Pancreatitis' }, { text: 'Diverticulitis' }],
      tags: TAGS,
      gpc: null,
      source: null,
    },
    caseText: null,
    selectedIndex: 1,
    correct: false,
    correctAnswer: 0,
    feedback: 'Explicación.',
    flagged: false,
    ...overrides,
  };
}

describe('the review of a saved session', () => {
  it("gives each question's time in a timed session, and how many students chose each option once 20 answered", () => {
    render(
      <SessionReviewList
        items={[
          item('q-1', { timeMs: 42_400, optionShares: [50, 25, 20, 5] }),
          item('q-2', { timeMs: 65_000, optionShares: null, correct: true, selectedIndex: 0 }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem').filter((element) => element.parentElement?.tagName === 'OL') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByTestId('review-time').textContent).toBe('Tiempo: 42 s');
    expect(within(second).getByTestId('review-time').textContent).toBe('Tiempo: 1 min 05 s');

    fireEvent.click(within(first).getByText(/Pregunta 1: incorrecta/));
    const options = within(first).getAllByRole('listitem');
    expect(options.map((option) => option.textContent)).toEqual([
      'A. Apendicitis aguda(respuesta correcta)50% eligió esta opción',
      'B. Colecistitis(tu respuesta)25% eligió esta opción',
      'C. Pancreatitis20% eligió esta opción',
      'D. Diverticulitis5% eligió esta opción',
    ]);
    // Fewer than 20 students: no shares.
    expect(within(second).queryByText(/eligió esta opción/)).toBeNull();
  });

  it('shows no time for a session that kept none', () => {
    render(<SessionReviewList items={[item('q-1', { timeMs: null }), item('q-2')]} />);
    expect(screen.queryByTestId('review-time')).toBeNull();
    expect(screen.queryByText(/eligió esta opción/)).toBeNull();
  });

  it('gives each MIR item its short source line, linking to the licences and NOTICEs, and CasiMedicos’ commentary as theirs', () => {
    const source = {
      citation: 'Examen MIR 2015 (España) · Ministerio de Sanidad · Comentario: CasiMedicos (CC BY 4.0, adaptado)',
      url: '/api/content/notices',
    };
    const base = item('casimedicos-es-dev-0018');
    render(
      <SessionReviewList
        items={[
          {
            ...base,
            question: { ...base.question, source },
            feedback: `Comentario de CasiMedicos (MIR 2.0): La respuesta correcta es la D.\n\nNota de actualización de Galeno: Hoy la guía dice otra cosa.`,
          },
          item('q-own'),
        ]}
      />,
    );
    const [mir, own] = screen.getAllByRole('listitem').filter((element) => element.parentElement?.tagName === 'OL') as [
      HTMLElement,
      HTMLElement,
    ];
    fireEvent.click(within(mir).getByText(/Pregunta 1: incorrecta/));
    expect(within(mir).getByText(/^Fuente:/).textContent).toBe(
      `Fuente: ${source.citation} · Licencia y aviso (se abre en una pestaña nueva)`,
    );
    const link = within(mir).getByRole('link', { name: /Licencia y aviso/ });
    expect(link.getAttribute('href')).toBe('/api/content/notices');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(mir).getByText('Comentario de CasiMedicos (MIR 2.0)')).toBeTruthy();
    expect(within(mir).getByText('La respuesta correcta es la D.')).toBeTruthy();
    expect(within(mir).getByText(/Nota de actualización de Galeno:/).parentElement!.textContent).toBe(
      'Nota de actualización de Galeno: Hoy la guía dice otra cosa.',
    );
    // Our own items carry no source line.
    expect(within(own).queryByText(/^Fuente:/)).toBeNull();
  });

  it('offers the Spanish explanation of an English item, and nothing of the kind on a Spanish one', () => {
    const english = item('q-en', { feedback: 'Metformin is first line.', explanationEs: 'La metformina es de primera línea.' });
    render(<SessionReviewList items={[english, item('q-es')]} />);
    const [first, second] = screen.getAllByRole('listitem').filter((element) => element.parentElement?.tagName === 'OL') as [
      HTMLElement,
      HTMLElement,
    ];
    fireEvent.click(within(first).getByText(/Pregunta 1: incorrecta/));
    expect(within(first).getByText('Metformin is first line.')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button', { name: 'Ver explicación en español' }));
    expect(within(first).getByText('La metformina es de primera línea.')).toBeTruthy();
    expect(within(first).queryByText('Metformin is first line.')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Show in English' }));
    expect(within(first).getByText('Metformin is first line.')).toBeTruthy();

    fireEvent.click(within(second).getByText(/Pregunta 2: incorrecta/));
    expect(within(second).getByText('Explicación.')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /español|English/ })).toBeNull();
  });
});
