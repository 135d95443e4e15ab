import type { DiscountQuizQuestion } from '@galeno/domain/contracts/discount-quiz';
import { optionLetter } from '@galeno/domain/scores';
import { RIGHT_ANSWER, YOUR_ANSWER, YOUR_ANSWER_RIGHT } from './texts';

type Option = DiscountQuizQuestion['options'][number];

interface OptionChoicesProps {
  /** The question: the radio group's legend and accessible name. */
  legend: string;
  options: readonly Option[];
  selected: number | null;
  onSelect?: (index: number) => void;
  /** After grading: the right option, and the choice is final. */
  correctAnswer?: number;
  disabled?: boolean;
}

type Look = 'idle' | 'selected' | 'correct' | 'wrong' | 'other';

const ROW: Record<Look, string> = {
  idle: 'border-slate-200 bg-white hover:border-brand-400 hover:bg-brand-50/60 cursor-pointer',
  selected: 'border-brand-700 bg-brand-50 ring-1 ring-brand-700 cursor-pointer',
  correct: 'border-emerald-600 bg-emerald-50 ring-1 ring-emerald-600',
  wrong: 'border-rose-600 bg-rose-50 ring-1 ring-rose-600',
  other: 'border-slate-200 bg-white text-slate-600',
};

const LETTER: Record<Look, string> = {
  idle: 'border-slate-300 bg-white text-slate-700',
  selected: 'border-brand-700 bg-brand-700 text-white',
  correct: 'border-emerald-700 bg-emerald-700 text-white',
  wrong: 'border-rose-700 bg-rose-700 text-white',
  other: 'border-slate-300 bg-white text-slate-500',
};

function lookOf(index: number, selected: number | null, correctAnswer: number | undefined): Look {
  if (correctAnswer === undefined) return index === selected ? 'selected' : 'idle';
  if (index === correctAnswer) return 'correct';
  return index === selected ? 'wrong' : 'other';
}

/**
 * The options as a real radio group: a fieldset named by the question, one labelled radio per option.
 * The radio is visually hidden and its whole row is the label, so the row is the touch target and shows
 * the focus ring. Image options show the image with its text as the alternative. After grading, each
 * marked row says in words what its colour shows.
 */
export function OptionChoices({ legend, options, selected, onSelect, correctAnswer, disabled = false }: OptionChoicesProps) {
  const graded = correctAnswer !== undefined;
  return (
    <fieldset disabled={disabled || graded} className="min-w-0">
      <legend className="text-base font-semibold leading-relaxed text-slate-900 sm:text-lg">{legend}</legend>
      <div className="mt-4 space-y-2">
        {options.map((option, index) => {
          const letter = optionLetter(index);
          const look = lookOf(index, selected, correctAnswer);
          const mark = graded ? markOf(index === correctAnswer, index === selected) : null;
          return (
            <label
              key={index}
              className={`flex min-h-12 items-start gap-3 rounded-xl border px-3 py-2.5 transition-colors has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${ROW[look]}`}
            >
              <input
                type="radio"
                name="discount-quiz-option"
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
                {option.type === 'image' && option.imageURL ? (
                  <img
                    src={option.imageURL}
                    alt={option.text.trim() || `Imagen de la opción ${letter}`}
                    loading="lazy"
                    className="max-h-48 rounded-lg border border-slate-200"
                  />
                ) : (
                  option.text
                )}
              </span>
              {mark && (
                <span
                  className={`mt-0.5 inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    look === 'correct' ? 'bg-emerald-100 text-emerald-900' : 'bg-rose-100 text-rose-900'
                  }`}
                >
                  {mark}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function markOf(isCorrect: boolean, isSelected: boolean): string | null {
  if (isCorrect && isSelected) return YOUR_ANSWER_RIGHT;
  if (isCorrect) return RIGHT_ANSWER;
  return isSelected ? YOUR_ANSWER : null;
}
