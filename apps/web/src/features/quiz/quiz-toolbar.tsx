import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';
import { BookIcon } from './quiz-icons';

interface QuizToolbarProps {
  /** The page's one h1. */
  title: string;
  subtitle?: string;
  /** The timed quiz's clock. */
  timer?: ReactNode;
  /** 'Leer caso clínico', offered once a case is on screen. */
  onReadCase?: () => void;
  /** Links to the quiz's other screens ('Pregunta suelta', 'Cambiar especialidad'). */
  links?: ReactNode;
}

/** The quiz header: title, timer and actions stay in view (sticky) while the case scrolls under them. */
export function QuizToolbar({ title, subtitle, timer, onReadCase, links }: QuizToolbarProps) {
  return (
    <div className="sticky top-0 z-20 -mx-4 -mt-6 mb-4 border-b border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          {subtitle && <p className="truncate text-sm font-medium text-brand-800">{subtitle}</p>}
        </div>
        {timer}
        <Link to="/app" className={buttonClassName('ghost', 'sm')}>
          Salir
        </Link>
      </div>
      {(onReadCase || links) && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {onReadCase && (
            <button type="button" onClick={onReadCase} className={buttonClassName('secondary', 'sm')}>
              <BookIcon />
              Leer caso clínico
            </button>
          )}
          {links}
        </div>
      )}
    </div>
  );
}
