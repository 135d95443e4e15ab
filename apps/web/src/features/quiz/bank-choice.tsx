import { useId } from 'react';
import { BANK_CHOICE_LABELS, BANK_CHOICES, type BankChoice as Choice } from '@galeno/domain/banks';
import type { BankState } from '@galeno/domain/contracts/quiz';

const integer = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 });

/**
 * "Banco": which questions to draw from (Galeno ENARM, MIR España or both). The server remembers the choice
 * for the student and applies it to every quiz; this control only shows and changes it.
 */
export function BankChoice({
  state,
  pending,
  error,
  onChange,
}: {
  state: BankState;
  pending: boolean;
  error: string | null;
  onChange: (choice: { bank: Choice; includeEnglish: boolean }) => void;
}) {
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className="mb-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-describedby={hintId} disabled={pending}>
      <legend className="px-1 text-sm font-bold text-slate-900">Banco</legend>
      <div className="flex flex-wrap gap-2">
        {BANK_CHOICES.map((choice) => (
          <label
            key={choice}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={state.bank === choice}
              onChange={() => onChange({ bank: choice, includeEnglish: state.includeEnglish })}
              className="size-4 accent-brand-700"
            />
            {BANK_CHOICE_LABELS[choice]}
          </label>
        ))}
      </div>
      <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          checked={state.includeEnglish}
          onChange={(event) => onChange({ bank: state.bank, includeEnglish: event.target.checked })}
          className="size-4 accent-brand-700"
        />
        Incluir preguntas en inglés
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {integer.format(state.questions.galeno)} preguntas propias ENARM · {integer.format(state.questions.mir)} preguntas MIR España
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
