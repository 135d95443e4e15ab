import type { ReactNode } from 'react';
import { optionLetter } from '@galeno/domain/scores';
import { CheckIcon, CrossIcon } from './icons';

export interface ChoiceOption {
  text: string;
  imageUrl?: string | undefined;
  /** The image is the option and the text its alternative (discount-quiz image options). */
  imageOnly?: boolean;
}

interface OptionGroupProps {
  /** Radio group name; unique on the page. */
  name: string;
  /** The question: the group's accessible name. */
  legend: ReactNode;
  options: readonly ChoiceOption[];
  selected: number | null | undefined;
  onSelect?: (optionIndex: number) => void;
  /** While grading and after: the choice is final. */
  disabled?: boolean;
  /** After grading: the right option, highlighted. */
  correctAnswer?: number;
  /** After grading: the percent of students who chose each option, once enough answered (none before). */
  shares?: readonly number[] | null | undefined;
}

type OptionLook = 'idle' | 'selected' | 'correct' | 'wrong' | 'other';

const ROW: Record<OptionLook, string> = {
  idle: 'border-slate-200 bg-white hover:border-brand-400 hover:bg-brand-50/60 cursor-pointer',
  selected: 'border-brand-700 bg-brand-50 ring-1 ring-brand-700 cursor-pointer',
  correct: 'border-emerald-600 bg-emerald-50 ring-1 ring-emerald-600',
  wrong: 'border-rose-600 bg-rose-50 ring-1 ring-rose-600',
  other: 'border-slate-200 bg-white text-slate-600',
};

const LETTER: Record<OptionLook, string> = {
  idle: 'border-slate-300 bg-white text-slate-700',
  selected: 'border-brand-700 bg-brand-700 text-white',
  correct: 'border-emerald-700 bg-emerald-700 text-white',
  wrong: 'border-rose-700 bg-rose-700 text-white',
  other: 'border-slate-300 bg-white text-slate-500',
};

function lookOf(index: number, selected: number | null | undefined, correctAnswer: number | undefined): OptionLook {
  if (correctAnswer === undefined) return index === selected ? 'selected' : 'idle';
  if (index === correctAnswer) return 'correct';
  return index === selected ? 'wrong' : 'other';
}

/**
 * A question's options as a real radio group (quizzes and the discount quiz): a fieldset named by the
 * question, one labelled radio per option (A–J). The radio itself is visually hidden and the whole row is its label, so the row is the
 * touch target and shows the focus ring. After grading each row says in words what the colour shows.
 */
export function OptionGroup({ name, legend, options, selected, onSelect, disabled = false, correctAnswer, shares }: OptionGroupProps) {
  const graded = correctAnswer !== undefined;
  return (
    <fieldset disabled={disabled || graded} className="min-w-0">
      <legend className="text-base font-semibold leading-relaxed text-slate-900 sm:text-lg">{legend}</legend>
      <div className="mt-3 space-y-2">
        {options.map((option, index) => {
          const letter = optionLetter(index);
          const look = lookOf(index, selected, correctAnswer);
          return (
            <label
              key={index}
              className={`flex min-h-12 items-start gap-3 rounded-xl border px-3 py-2.5 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${ROW[look]}`}
            >
              <input
                type="radio"
                name={name}
                value={index}
                checked={selected === index}
                onChange={() => onSelect?.(index)}
                className="sr-only"
              />
              <span className={`mt-px grid size-7 shrink-0 place-items-center rounded-full border text-sm font-bold ${LETTER[look]}`}>
                {letter}
              </span>
              <span className="min-w-0 flex-1 pt-0.5">
                <span className="sr-only">. </span>
                {option.imageOnly && option.imageUrl ? (
                  <img
                    src={option.imageUrl}
                    alt={option.text.trim() || `Imagen de la opción ${letter}`}
                    loading="lazy"
                    className="max-h-48 rounded-lg border border-slate-200"
                  />
                ) : (
                  <>
                    {option.text}
                    {option.imageUrl && (
                      <img
                        src={option.imageUrl}
                        alt={`Imagen de la opción ${letter}`}
                        loading="lazy"
                        className="mt-2 max-h-48 rounded-lg border border-slate-200"
                      />
                    )}
                  </>
                )}
                {/* Under the text, not beside it: beside it, the text wraps into a narrow column on phones. */}
                {graded && (look === 'correct' || index === selected) && (
                  <span
                    className={`mt-1.5 flex w-fit items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
                      look === 'correct' ? 'bg-emerald-100 text-emerald-900' : 'bg-rose-100 text-rose-900'
                    }`}
                  >
                    {look === 'correct' ? <CheckIcon className="size-4" /> : <CrossIcon className="size-4" />}
                    {optionMark(look === 'correct', index === selected)}
                  </span>
                )}
                {graded && shares && (
                  <span className="mt-1.5 flex items-center gap-2 text-xs text-slate-600">
                    <span aria-hidden="true" className="h-1.5 w-24 overflow-hidden rounded-full bg-slate-200">
                      <span className="block h-full rounded-full bg-slate-500" style={{ width: `${shares[index] ?? 0}%` }} />
                    </span>
                    <span>{shares[index] ?? 0} % de los estudiantes</span>
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function optionMark(isCorrect: boolean, isSelected: boolean): string {
  if (isCorrect && isSelected) return 'Tu respuesta, correcta';
  if (isCorrect) return 'Respuesta correcta';
  return 'Tu respuesta';
}
