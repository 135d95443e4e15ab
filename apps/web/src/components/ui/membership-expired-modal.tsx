import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useProfile } from '../../lib/profile';
import { accessOffer } from './access-offer';
import { buttonClassName } from './button-styles';
import { Modal } from './modal';

/**
 * Spec sections 4 and 8, "Expired membership": a quiz or flashcard call of someone whose access ended
 * answers 403 MEMBERSHIP_EXPIRED, and the page offers renewal or the way home. Closing it (Escape) goes
 * home too: the page behind it cannot be used. A free account whose hours ended gets the offer instead (issue 19).
 */
export function MembershipExpiredModal({ open }: { open: boolean }) {
  // Mounted only when open, so the profile is read only then.
  return open ? <ExpiredDialog /> : null;
}

function ExpiredDialog() {
  const navigate = useNavigate();
  const primaryRef = useRef<HTMLAnchorElement>(null);
  const { profile, loading } = useProfile();
  // Which dialog depends on the account: none flashes the wrong one while the (usually cached) profile loads.
  if (loading) return null;
  // A free account never had a membership to renew: its hours ended, and it gets the offer (issue 19).
  const free = profile?.subscriptionInfo.subscriptionType === 'free';
  const offer = accessOffer(profile?.subscriptionInfo ?? null);
  return (
    <Modal
      open
      onClose={() => navigate('/app')}
      role="alertdialog"
      title={free ? 'Tus horas gratis terminaron' : 'Membresía Expirada'}
      description={
        <p>
          {free
            ? 'Hazte miembro para seguir estudiando: todos los casos clínicos, las flashcards, los simulacros y tus estadísticas.'
            : 'Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.'}
        </p>
      }
      initialFocusRef={primaryRef}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Link ref={primaryRef} to={offer.to} className={buttonClassName('primary')}>
          {offer.label}
        </Link>
        {free && (
          <Link to="/app/membership-pay" className={buttonClassName('secondary')}>
            Ver todos los planes
          </Link>
        )}
        <Link to="/app" className={buttonClassName('secondary')}>
          Volver al inicio
        </Link>
      </div>
    </Modal>
  );
}
