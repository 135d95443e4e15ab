import { Link } from 'react-router';
import { formatDuration } from '@galeno/domain/format';
import { buttonClassName } from '../../components/ui/button-styles';

export const EXPIRED_WARNING = 'Tu membresía ha expirado';
export const LAST_DAY_WARNING = 'Te queda solo un día';

/** Time left in hours and minutes ('1 h 59 min'); `one` for a lone '1 h' or '1 min', whose verb is singular («queda»). */
export function freeTimeLeft(ms: number): { text: string; one: boolean } {
  const text = formatDuration(ms, 'ceil');
  return { text, one: /^1 (?:h|min)$/.test(text) };
}

/**
 * Spec section 4, "Profile expiry warning": shown when daysLeft is 1 or less; lifetime (null) never sees it. A free
 * account's hours are not a membership (issue 19): while they wait for the first answer nothing is said, while they
 * run the time left is said in hours and minutes, and once over the student is invited to become a member.
 */
export function ExpiryWarning({
  daysLeft,
  free = null,
}: {
  daysLeft: number | null;
  /** For a free account: whether its hours have started, and the milliseconds left. */
  free?: { pending: boolean; msLeft: number } | null;
}) {
  if (free) {
    if (free.pending) return null;
    const over = free.msLeft <= 0;
    const left = freeTimeLeft(free.msLeft);
    return (
      <WarningPanel
        over={over}
        title={over ? 'Tus horas gratis terminaron' : `Te ${left.one ? 'queda' : 'quedan'} ${left.text} de estudio gratis`}
        body="Hazte miembro para estudiar sin límite de tiempo."
        action="Ver planes"
      />
    );
  }
  if (daysLeft === null || daysLeft > 1) return null;
  const expired = daysLeft <= 0;
  return (
    <WarningPanel
      over={expired}
      title={expired ? EXPIRED_WARNING : LAST_DAY_WARNING}
      body={
        expired ? 'Renueva para volver a practicar con todos los modos de examen.' : 'Extiende tu plan para no perder tu ritmo de estudio.'
      }
      action={expired ? 'Renovar membresía' : 'Extender membresía'}
    />
  );
}

function WarningPanel({ over, title, body, action }: { over: boolean; title: string; body: string; action: string }) {
  return (
    <div
      data-testid="expiry-warning"
      className={`flex flex-col gap-3 rounded-2xl border p-4 sm:flex-row sm:items-center sm:justify-between ${
        over ? 'border-red-200 bg-red-50 text-red-950' : 'border-amber-200 bg-amber-50 text-amber-950'
      }`}
    >
      <div>
        <p className="text-lg font-bold">{title}</p>
        <p className="mt-1">{body}</p>
      </div>
      <Link to="/app/membership-pay" className={buttonClassName('primary', 'md', 'shrink-0')}>
        {action}
      </Link>
    </div>
  );
}
