import { useId, useState, type FormEvent } from 'react';
import type { FallbackLogin } from '@galeno/domain/contracts/profile';
import { createSignupStep2Schema, digitsOnly, firstFieldErrors } from '@galeno/domain/forms';
import { buttonClassName } from '../../components/ui/button-styles';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveFallbackLogin } from '../../lib/profile';

const CONFIRMED = 'Listo: puedes usar tu fecha de nacimiento o tu teléfono si el código no te llega.';

/**
 * The birth date and phone that stand in for the e-mailed code. Typed at signup, they prove nothing about
 * who typed them, so they open nothing until the owner, signed in with the code, confirms them here.
 */
export function FallbackLoginBlock({ initial }: { initial: FallbackLogin }) {
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [dateOfBirth, setDateOfBirth] = useState(initial.dateOfBirth);
  const [phoneNumber, setPhoneNumber] = useState(initial.phoneNumber);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSignupStep2Schema().safeParse({ dateOfBirth, phoneNumber });
    if (!parsed.success) {
      setErrors(firstFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const next = await saveFallbackLogin(parsed.data);
      setSaved(next);
      setPhoneNumber(next.phoneNumber);
      toast.success('Datos de acceso confirmados');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Entrar sin código
      </h2>
      {saved.confirmed ? (
        <p className="mt-2 text-slate-700">{CONFIRMED}</p>
      ) : (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950">
          Confirma tu fecha de nacimiento y tu teléfono para poder usarlos si el código no te llega. Por seguridad, hasta que los confirmes
          solo puedes entrar con el código que enviamos a tu correo.
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-birth`}
          label="Fecha de nacimiento"
          type="date"
          value={dateOfBirth}
          disabled={saving}
          error={errors.dateOfBirth}
          onChange={(event) => setDateOfBirth(event.target.value)}
        />
        <TextField
          id={`${id}-phone`}
          label="Teléfono"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={phoneNumber}
          disabled={saving}
          error={errors.phoneNumber}
          onChange={(event) => setPhoneNumber(digitsOnly(event.target.value))}
        />
        <div className="sm:col-span-2">
          <button type="submit" disabled={saving} className={buttonClassName('primary', 'md', 'w-full sm:w-auto')}>
            {saving ? 'Guardando...' : saved.confirmed ? 'Guardar cambios' : 'Confirmar mis datos'}
          </button>
        </div>
      </form>
    </section>
  );
}
