import { useId, useState } from 'react';
import type { FallbackLogin } from '@galeno/domain/contracts/profile';
import { buttonClassName } from '../../components/ui/button-styles';
import { toast } from '../../components/ui/toast';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { saveFallbackLogin } from '../../lib/profile';
import { formatBirthDate } from './login-data-form';

const CONFIRMED = 'Listo: puedes usar tu fecha de nacimiento o tu teléfono si el código no te llega.';

/**
 * The birth date and phone that stand in for the e-mailed code. Typed at signup, they prove nothing about
 * who typed them, so they open nothing until the owner, signed in with the code, confirms them here. Confirming
 * takes the stored values as they are; changing them is done in «Tus datos», with an e-mailed code (issue 20).
 */
export function FallbackLoginBlock({ userId, fallbackLogin }: { userId: string; fallbackLogin: FallbackLogin }) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setSaving(true);
    setError(null);
    try {
      await saveFallbackLogin(userId, { dateOfBirth: fallbackLogin.dateOfBirth, phoneNumber: fallbackLogin.phoneNumber });
      toast.success('Datos de acceso confirmados');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : UNEXPECTED_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Entrar sin código
      </h2>
      {fallbackLogin.confirmed ? (
        <p className="mt-2 text-slate-700">{CONFIRMED}</p>
      ) : (
        <>
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950">
            Confirma tu fecha de nacimiento y tu teléfono para poder usarlos si el código no te llega. Por seguridad, hasta que los
            confirmes solo puedes entrar con el código que enviamos a tu correo.
          </p>
          <dl className="mt-3 grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-slate-600">Fecha de nacimiento</dt>
              <dd className="text-slate-900">{formatBirthDate(fallbackLogin.dateOfBirth)}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">Teléfono</dt>
              <dd className="wrap-anywhere text-slate-900">{fallbackLogin.phoneNumber}</dd>
            </div>
          </dl>
          {error && (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={saving}
            className={buttonClassName('primary', 'md', 'mt-3 w-full sm:w-auto')}
          >
            {saving ? 'Confirmando...' : 'Confirmar mis datos'}
          </button>
        </>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {fallbackLogin.confirmed ? 'Si cambian,' : 'Si no son correctos,'} cámbialos en «Tus datos», más abajo: te pediremos un código de tu
        correo.
      </p>
    </section>
  );
}
