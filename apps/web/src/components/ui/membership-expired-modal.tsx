import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClassName } from './button-styles';
import { Modal } from './modal';

/**
 * Spec sections 4 and 8, "Expired membership": a quiz or flashcard call of someone whose access ended
 * answers 403 MEMBERSHIP_EXPIRED, and the page offers renewal or the way home. Closing it (Escape) goes
 * home too: the page behind it cannot be used.
 */
export function MembershipExpiredModal({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const renewRef = useRef<HTMLAnchorElement>(null);
  return (
    <Modal
      open={open}
      onClose={() => navigate('/app')}
      role="alertdialog"
      title="Membresía Expirada"
      description={<p>Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.</p>}
      initialFocusRef={renewRef}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Link ref={renewRef} to="/app/membership-pay" className={buttonClassName('primary')}>
          Renovar membresía
        </Link>
        <Link to="/app" className={buttonClassName('secondary')}>
          Volver al inicio
        </Link>
      </div>
    </Modal>
  );
}
