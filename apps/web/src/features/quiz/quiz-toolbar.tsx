import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { BookIcon } from './quiz-icons';

interface QuizToolbarProps {
  /** The page's one h1. */
  title: string;
  subtitle?: string;
  /** Where the session stands («Pregunta 3 de 10»): kept on one line however narrow the screen (issue 35, N12). */
  counter?: string;
  /** The timed quiz's clock. */
  timer?: ReactNode;
  /** One short line under the title row that stays in view with it (the timed quiz's pace). */
  status?: ReactNode;
  /** 'Leer caso clínico', offered once a case is on screen. */
  onReadCase?: () => void;
  /** Links to the quiz's other screens ('Pregunta suelta', 'Cambiar especialidad'). */
  links?: ReactNode;
  /** The bank chip («Banco: Galeno ENARM», issue 37): last among the actions, so on a phone it takes the next row. */
  bank?: ReactNode;
}

/**
 * The quiz header. Only its first row (title, timer, 'Salir') and the status line stay in view while the case scrolls
 * under it, so on a 360×740 phone it takes at most 15% of the height; the other actions sit under it and scroll away
 * with the page, wrapping onto a second line rather than running off a narrow screen (no label is cut).
 */
export function QuizToolbar({ title, subtitle, counter, timer, status, onReadCase, links, bank }: QuizToolbarProps) {
  const actions = Boolean(onReadCase || links || bank);
  return (
    <>
      <div
        data-testid="quiz-header"
        className="sticky top-[var(--sticky-top,0px)] z-20 -mx-4 -mt-6 border-b border-slate-200 bg-slate-50/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 sm:py-3"
      >
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-bold leading-tight text-slate-900 sm:text-2xl">{title}</h1>
            {subtitle && <p className="text-sm font-medium leading-tight text-brand-800">{subtitle}</p>}
            {counter && (
              <p data-testid="quiz-counter" className="whitespace-nowrap text-sm font-medium leading-tight text-brand-800 tabular-nums">
                {counter}
              </p>
            )}
          </div>
          {timer}
          {/* Every graded answer already counts (issue 35, N2): leaving loses nothing, so it asks nothing. */}
          <Link to="/app" className={buttonClassName('ghost', 'sm')}>
            Salir
          </Link>
        </div>
        {status}
      </div>
      {actions && (
        <div data-testid="quiz-actions" className="mb-4 flex flex-wrap items-center gap-2 py-2 [&>*]:shrink-0">
          {onReadCase && (
            <button type="button" onClick={onReadCase} className={buttonClassName('secondary', 'sm', 'shrink-0')}>
              {/* On a phone the label alone, so «Leer caso clínico» and the next action share one row (N25). */}
              <BookIcon className="hidden size-4 sm:block" />
              Leer caso clínico
            </button>
          )}
          {links}
          {bank}
        </div>
      )}
      {!actions && <div className="mb-4" />}
    </>
  );
}
