import { Link } from 'react-router';
import { paymentReference } from '@galeno/domain/plans';
import { getAppName } from '../../lib/brand';
import { ContactEmail, LegalPage, LegalSection, TEXT_LINK } from './legal-page';

/**
 * Route module for /reembolsos (issue 20): the refund policy. The automatic refunds are the ones fulfilment makes by
 * itself (apps/api/src/modules/memberships/service.ts: alreadyUsed, sendRefund; the reasons are REFUND_REASON_MESSAGES).
 */

export const REFUND_DAYS = 7;
const REFUND_SUBJECT = 'Solicitud de reembolso';
/** What a reference looks like, from the same function the receipts use. */
const SAMPLE_REFERENCE = paymentReference('0a1b2c3d4e');

export function Component() {
  const brand = getAppName();
  return (
    <LegalPage title="Política de reembolsos">
      <p>
        En {brand} cada membresía es un pago único: no hay cargos automáticos ni renovaciones que cancelar. Esta política explica cuándo y
        cómo te devolvemos un pago.
      </p>

      <LegalSection id="automaticos" title="Reembolsos automáticos">
        <p>
          Si un pago no se puede aplicar a tu cuenta, {brand} te lo devuelve completo de forma automática y te avisa por correo el motivo.
          No tienes que hacer nada, y tu membresía actual no cambia. Pasa en estos casos:
        </p>
        <ul>
          <li>Pagaste la oferta de 1 semana, pero ya la habías usado: se puede comprar una sola vez por cuenta.</li>
          <li>Pagaste una membresía individual de por vida, pero ya tenías acceso de por vida.</li>
          <li>Tu pago llevaba un descuento que ya se había usado en otro pago: cada descuento se usa una sola vez.</li>
        </ul>
      </LegalSection>

      <LegalSection id="solicitar" title="Pedir un reembolso">
        <p>
          Si cambiaste de opinión, puedes pedir el reembolso de un pago dentro de los <strong>{REFUND_DAYS} días naturales</strong>{' '}
          siguientes a la fecha del pago. Escríbenos a <ContactEmail subject={REFUND_SUBJECT} /> e incluye:
        </p>
        <ul>
          <li>El correo de tu cuenta.</li>
          <li>
            La referencia del pago (se ve así: {SAMPLE_REFERENCE}). Está en el recibo que te enviamos por correo y en «Mi perfil», en la
            sección «Pagos».
          </li>
          <li>Si quieres, el motivo: nos ayuda a mejorar.</li>
        </ul>
        <p>
          Al devolverte el pago termina el acceso que te dio esa compra; si fue una membresía grupal, también el de las personas que
          invitaste con ella. Después de esos {REFUND_DAYS} días ya no hacemos reembolsos, salvo los automáticos de arriba o cuando la ley
          lo exija.
        </p>
      </LegalSection>

      <LegalSection id="tiempos" title="Cómo y cuándo recibes tu dinero">
        <ul>
          <li>
            El reembolso se hace al mismo medio con el que pagaste. Según tu banco, puede tardar de 5 a 10 días hábiles en verse en tu
            estado de cuenta.
          </li>
          <li>
            Los pagos en efectivo en OXXO no se pueden devolver por el mismo medio. Si te corresponde un reembolso de un pago en OXXO,
            escríbenos con la referencia y acordamos contigo cómo devolverte el dinero, por ejemplo, con una transferencia a una cuenta
            bancaria a tu nombre.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="oxxo" title="Fichas de OXXO sin pagar">
        <p>
          Si generas una ficha para pagar en OXXO y no la pagas, simplemente vence: no se te cobra nada y tu cuenta no cambia. Si todavía
          quieres la membresía, puedes generar una nueva cuando quieras.
        </p>
      </LegalSection>

      <LegalSection id="dudas" title="Dudas">
        <p>
          Si tienes cualquier duda sobre un cobro, visita nuestra página de{' '}
          <Link to="/contacto" className={TEXT_LINK}>
            contacto
          </Link>
          . Los precios y las condiciones de cada plan están en los{' '}
          <Link to="/terminos" className={TEXT_LINK}>
            términos y condiciones
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
