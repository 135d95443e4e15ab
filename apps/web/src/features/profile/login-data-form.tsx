import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FallbackLogin } from '@galeno/domain/contracts/profile';
import { isIsoDateOnly } from '@galeno/domain/format';
import { createSignupStep2Schema, digitsOnly, firstFieldErrors, OtpCodeSchema } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { CodeField, TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { requestLoginDataCode, saveLoginData } from '../../lib/profile';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);

// A birth date is a calendar day, not an instant: read and written in UTC so no time zone moves it.
const birthDateFormat = new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '15 de abril de 1998'; a stored value that is not a date is shown as it is. */
export function formatBirthDate(value: string): string {
  return isIsoDateOnly(value) ? birthDateFormat.format(new Date(`${value}T00:00:00Z`)) : value;
}

type Errors = Partial<Record<'dateOfBirth' | 'phoneNumber' | 'code' | 'form', string>>;

/**
 * The birth date and phone in «Tus datos» (issue 20). They are ways in, so saving a change asks first for a code
 * e-mailed to the account, and the change ends the account's other sessions. What was typed stays on screen until
 * it is saved: a failed send, a wrong code or a cancelled step keep it.
 */
export function LoginDataForm({ userId, email, saved }: { userId: string; email: string; saved: FallbackLogin }) {
  const id = useId();
  const [dateOfBirth, setDateOfBirth] = useState(saved.dateOfBirth);
  const [phoneNumber, setPhoneNumber] = useState(saved.phoneNumber);
  const [stage, setStage] = useState<'edit' | 'code'>('edit');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'sending' | 'saving' | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const codeRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const moveFocus = useRef<'code' | 'date' | null>(null);

  useEffect(() => {
    if (moveFocus.current === 'code') codeRef.current?.focus();
    if (moveFocus.current === 'date') dateRef.current?.focus();
    moveFocus.current = null;
  }, [stage]);

  // A refused code is corrected where it was typed.
  useEffect(() => {
    if (errors.code) codeRef.current?.focus();
  }, [errors.code]);

  /** What differs from the stored values, checked with signup's rules; null (with the errors shown) when invalid. */
  const changes = (): { dateOfBirth?: string; phoneNumber?: string } | null => {
    const parsed = createSignupStep2Schema().safeParse({ dateOfBirth, phoneNumber });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return null;
    }
    const change = {
      ...(parsed.data.dateOfBirth !== saved.dateOfBirth ? { dateOfBirth: parsed.data.dateOfBirth } : {}),
      ...(parsed.data.phoneNumber !== digitsOnly(saved.phoneNumber) ? { phoneNumber: parsed.data.phoneNumber } : {}),
    };
    if (Object.keys(change).length === 0) {
      setErrors({ form: 'No cambiaste tu fecha de nacimiento ni tu teléfono.' });
      return null;
    }
    return change;
  };

  const sendCode = async () => {
    if (!changes()) return;
    setBusy('sending');
    setErrors({});
    try {
      await requestLoginDataCode();
      setCode('');
      moveFocus.current = 'code';
      setStage('code');
    } catch (caught) {
      setErrors(stage === 'code' ? { code: messageOf(caught) } : { form: messageOf(caught) });
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    const change = changes();
    if (!change) return;
    const parsed = OtpCodeSchema.safeParse(code);
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message ?? UNEXPECTED_ERROR_MESSAGE });
    setBusy('saving');
    setErrors({});
    try {
      const next = await saveLoginData(userId, { ...change, code: parsed.data });
      setDateOfBirth(next.dateOfBirth);
      setPhoneNumber(next.phoneNumber);
      setCode('');
      setStage('edit');
      toast.success('Guardamos tu fecha de nacimiento y tu teléfono. Cerramos tu sesión en tus otros dispositivos.');
    } catch (caught) {
      const field = caught instanceof ApiError && caught.code.startsWith('OTP_') ? 'code' : 'form';
      setErrors({ [field]: messageOf(caught) });
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (stage === 'edit' ? sendCode() : save());
  };

  const cancel = () => {
    setCode('');
    setErrors({});
    moveFocus.current = 'date';
    setStage('edit');
  };

  const editing = stage === 'edit';
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="font-bold text-slate-900">
          Fecha de nacimiento y teléfono
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          También sirven para entrar sin código. Para cambiarlos te pediremos un código de tu correo.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          ref={dateRef}
          id={`${id}-birth`}
          label="Fecha de nacimiento"
          type="date"
          value={dateOfBirth}
          disabled={!editing || busy !== null}
          error={errors.dateOfBirth}
          onChange={(event) => {
            setDateOfBirth(event.target.value);
            setErrors({});
          }}
        />
        <TextField
          id={`${id}-phone`}
          label="Teléfono"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={phoneNumber}
          disabled={!editing || busy !== null}
          error={errors.phoneNumber}
          onChange={(event) => {
            setPhoneNumber(digitsOnly(event.target.value));
            setErrors({});
          }}
        />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errors.form}
        </p>
      )}
      {editing ? (
        <button type="submit" disabled={busy !== null} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
          {busy === 'sending' ? 'Enviando código...' : 'Guardar cambios'}
        </button>
      ) : (
        <div className="space-y-3 rounded-lg bg-slate-50 p-3">
          <p role="status" className="wrap-anywhere text-slate-700">
            Te enviamos un código a {email}. Escríbelo para guardar tus cambios; se cerrará tu sesión en tus otros dispositivos.
          </p>
          <CodeField
            ref={codeRef}
            id={`${id}-code`}
            label="Código"
            value={code}
            readOnly={busy !== null}
            error={errors.code}
            onChange={(event) => {
              setCode(event.target.value);
              setErrors({});
            }}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <button
              type="submit"
              disabled={busy !== null || code.trim() === ''}
              className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}
            >
              {busy === 'saving' ? 'Guardando...' : 'Guardar con el código'}
            </button>
            <button
              type="button"
              onClick={() => void sendCode()}
              disabled={busy !== null}
              className={buttonClassName('secondary', 'md', 'w-full sm:w-auto')}
            >
              {busy === 'sending' ? 'Enviando código...' : 'Enviar otro código'}
            </button>
            <button type="button" onClick={cancel} disabled={busy !== null} className={buttonClassName('ghost', 'md', 'w-full sm:w-auto')}>
              Cancelar
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
