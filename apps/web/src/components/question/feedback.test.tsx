import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionEvaluation } from '@galeno/domain/contracts/quiz';
import { renderRoutes } from '../../test/render';
import { FeedbackDetails, referenceLabel } from './feedback';

describe('the reference under an explanation', () => {
  it('says what kind of guideline the item rests on, from its catalogue code', () => {
    expect(referenceLabel('IMSS-020-08')).toBe('Guía de Práctica Clínica');
    expect(referenceLabel('GPC-SS-103-21')).toBe('Guía de Práctica Clínica');
    expect(referenceLabel('NOM-007-SSA2-2016')).toBe('Norma Oficial Mexicana');
    expect(referenceLabel('NICE NG240')).toBe('Referencia');
    expect(referenceLabel(null)).toBe('Guía de Práctica Clínica o referencia');
  });
});

const TAGS = {
  Especialidad: 'Ginecología y Obstetricia',
  SubEspecialidad: 'Obstetricia',
  Tema: 'Hemorragia obstétrica',
  Dificultad: 'Media',
};
const ENGLISH = 'Placenta praevia presents with painless bright red bleeding; a digital exam is contraindicated.';
const SPANISH = 'La placenta previa se manifiesta con sangrado rojo brillante indoloro; el tacto vaginal está contraindicado.';

function evaluation(overrides: Partial<QuestionEvaluation> = {}): QuestionEvaluation {
  return { questionId: 'q-go-en-001', correct: false, correctAnswer: 1, feedback: ENGLISH, tags: TAGS, ...overrides };
}

describe('the explanation of an English item', () => {
  it('shows the English text with a button to read it in Spanish, and a button back to English', () => {
    render(<FeedbackDetails evaluation={evaluation({ explanationEs: SPANISH })} gpc={null} />);
    const explanation = screen.getByText(ENGLISH).closest('[lang]')!;
    expect(explanation.getAttribute('lang')).toBe('en');

    const toSpanish = screen.getByRole('button', { name: 'Ver explicación en español' });
    expect(toSpanish.getAttribute('type')).toBe('button');
    expect(toSpanish.getAttribute('aria-controls')).toBe(explanation.id);
    fireEvent.click(toSpanish);
    expect(screen.queryByText(ENGLISH)).toBeNull();
    expect(screen.getByText(SPANISH).closest('[lang]')!.getAttribute('lang')).toBe('es-MX');
    expect(screen.getByText(SPANISH).closest('[aria-live]')!.getAttribute('aria-live')).toBe('polite');

    // The same button (a real one, so Enter and Space press it), where the keyboard's focus stays, now leads back.
    const toEnglish = screen.getByRole('button', { name: 'Show in English' });
    expect(toEnglish).toBe(toSpanish);
    expect(toEnglish.getAttribute('lang')).toBe('en');
    fireEvent.click(toEnglish);
    expect(screen.getByText(ENGLISH)).toBeTruthy();
    expect(screen.queryByText(SPANISH)).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver explicación en español' })).toBe(toSpanish);
  });

  it('offers no button on a Spanish item, which has no translation', () => {
    render(<FeedbackDetails evaluation={evaluation({ feedback: SPANISH })} gpc={null} />);
    expect(screen.getByText(SPANISH)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(SPANISH).closest('[lang]')).toBeNull();
  });
});

describe('the guideline line under an explanation (issue 39)', () => {
  it('names the version followed and, when the registry checked it, the month it was checked', () => {
    const gpc = { name: 'Diagnóstico y tratamiento de la hemorragia obstétrica', code: 'IMSS-162-09', year: 2017, checkedAt: '2026-12' };
    const { unmount } = render(<FeedbackDetails evaluation={evaluation({ feedback: SPANISH })} gpc={gpc} />);
    expect(screen.getByText(/IMSS-162-09, versión 2017\) · verificada en diciembre de 2026/)).toBeTruthy();
    unmount();
    render(<FeedbackDetails evaluation={evaluation({ feedback: SPANISH })} gpc={{ ...gpc, checkedAt: undefined }} />);
    expect(screen.getByText(/versión 2017\)$/)).toBeTruthy();
    expect(screen.queryByText(/verificada/)).toBeNull();
  });
});

describe('a corrected item (issue 39)', () => {
  it('says when it was corrected and why, with the way to every change', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <FeedbackDetails
            evaluation={evaluation({
              feedback: SPANISH,
              lastChange: { at: '2026-12-05T18:00:00.000Z', reason: 'Se corrigió la explicación' },
            })}
            gpc={null}
          />
        ),
      },
    ]);
    expect(screen.getByText(/Corregida el 5 de diciembre de 2026:/).closest('p')!.textContent).toBe(
      'Corregida el 5 de diciembre de 2026: Se corrigió la explicación. Novedades del banco',
    );
    expect(screen.getByRole('link', { name: 'Novedades del banco' }).getAttribute('href')).toBe('/novedades');
  });
});

describe('the guideline entry behind an item (issue 39)', () => {
  it('opens from the line under the explanation, with the version, the code and what it was checked against', () => {
    const gpc = {
      name: 'Guía de prueba',
      code: 'IMSS-001-08',
      year: 2019,
      checkedAt: '2026-12',
      checkedAgainst: 'https://example.org/guia.pdf',
    };
    render(<FeedbackDetails evaluation={evaluation({ feedback: SPANISH })} gpc={gpc} />);
    const summary = screen.getByText(/IMSS-001-08, versión 2019\)/);
    fireEvent.click(summary);
    expect(summary.closest('details')!.open).toBe(true);
    expect(screen.getByText('Versión que sigue').nextElementSibling!.textContent).toBe('2019');
    expect(screen.getByRole('link', { name: /el documento/ }).getAttribute('href')).toBe('https://example.org/guia.pdf');
  });
});
