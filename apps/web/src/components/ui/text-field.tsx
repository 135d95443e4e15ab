import { useEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { CODE_INPUT_MAX } from '@galeno/domain/timings';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** Help shown under the label and read with the field. */
  hint?: ReactNode;
  /** Inline error under the field; marks it invalid for assistive technology. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

export const inputClassName =
  'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100';

/**
 * What was typed into a pre-rendered field before its page hydrated (issue 21) reaches the form's state: React does not
 * report it, so the field would show text its form does not know (and a submit button left disabled). Once, on mount.
 */
export function useAdoptTypedBeforeHydration(
  inputRef: { current: HTMLInputElement | null },
  value: InputHTMLAttributes<HTMLInputElement>['value'],
  onChange: InputHTMLAttributes<HTMLInputElement>['onChange'],
) {
  const adopted = useRef(false);
  useEffect(() => {
    const input = inputRef.current;
    if (adopted.current || !input || !onChange || value === undefined) return;
    adopted.current = true;
    if (input.value !== String(value)) onChange({ target: input, currentTarget: input } as ChangeEvent<HTMLInputElement>);
  });
}

/** A labelled input with its hint and error wired through aria-describedby. */
export function TextField({ id, label, hint, error, ref, ...input }: TextFieldProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  useAdoptTypedBeforeHydration(inputRef, input.value, input.onChange);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        ref={(node) => {
          inputRef.current = node;
          if (typeof ref === 'function') return ref(node);
          if (ref) ref.current = node;
        }}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${inputClassName} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...input}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The field of an e-mailed one-time code: digits, offered by the phone's keyboard from the message, at most 10 characters. */
export function CodeField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_INPUT_MAX} {...props} />;
}
