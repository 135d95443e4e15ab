import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button-styles';

export const EXPIRED_WARNING = 'Tu membresía ha expirado';
export const LAST_DAY_WARNING = 'Te queda solo un día';

/** Spec section 4, "Profile expiry warning": shown when daysLeft is 1 or less; lifetime (null) never sees it. */
export function ExpiryWarning({ daysLeft }: { daysLeft: number | null }) {
  if (daysLeft === null || daysLeft > 1) return null;
  const expired = daysLeft <= 0;
  return (
    <div
      data-testid="expiry-warning"
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between ${
        expired ? 'border-red-200 bg-red-50 text-red-950' : 'border-amber-200 bg-amber-50 text-amber-950'
      }`}
    >
      <div>
        <p className="text-lg font-bold">{expired ? EXPIRED_WARNING : LAST_DAY_WARNING}</p>
        <p className="mt-1">
          {expired
            ? 'Renueva para volver a practicar con todos los modos de examen.'
            : 'Extiende tu plan para no perder tu ritmo de estudio.'}
        </p>
      </div>
      <Link to="/app/membership-pay" className={buttonClassName('primary', 'md', 'shrink-0')}>
        Renovar membresía
      </Link>
    </div>
  );
}
