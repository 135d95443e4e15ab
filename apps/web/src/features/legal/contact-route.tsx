import { Link } from 'react-router';
import { paymentReference } from '@galeno/domain/plans';
import { ExternalLink } from '../../components/ui/external-link';
import { getAppName } from '../../lib/brand';
import { supportChatUrl } from '../../lib/external-links';
import { ContactEmail, LegalPage, LegalSection, OperatorCard, TEXT_LINK } from './legal-page';

/**
 * Route module for /contacto (issue 20): the operator's e-mail and address from GET /api/legal, what to write, and
 * the support chat when the server configures one (SUPPORT_URL): no phone number is written here.
 */

const SAMPLE_REFERENCE = paymentReference('0a1b2c3d4e');

export function Component() {
  const brand = getAppName();
  const support = supportChatUrl();
  return (
    <LegalPage title="Contacto">
      <p>
        ¿Tienes una duda, un problema con tu cuenta o con un pago? Escríbenos a <ContactEmail subject={`Contacto ${brand}`} />. Es el canal
        para cualquier tema, incluidos tus derechos sobre tus datos personales (derechos ARCO), reembolsos y facturas.
      </p>

      <LegalSection id="datos-de-contacto" title="Datos de contacto">
        <OperatorCard />
      </LegalSection>

      <LegalSection id="que-incluir" title="Qué incluir en tu mensaje">
        <ul>
          <li>El correo con el que creaste tu cuenta, para encontrarla.</li>
          <li>
            Si es sobre un pago, su referencia (se ve así: {SAMPLE_REFERENCE}). Está en el recibo que te enviamos por correo y en «Mi
            perfil», en la sección «Pagos».
          </li>
          <li>
            Si necesitas factura (CFDI), pídela en «Mi perfil», en la sección «Pagos», con «Solicitar factura» junto al pago. Si no puedes,
            escríbenos con la referencia del pago y tus datos fiscales.
          </li>
          <li>Qué pasó y, si puedes, una captura de pantalla.</li>
        </ul>
        <p>
          Si encontraste un error en una pregunta o flashcard, es más rápido usar «Reportar un error» en la misma pregunta: así sabemos
          exactamente cuál es.
        </p>
      </LegalSection>

      <LegalSection id="chat" title="Chat de soporte">
        {support ? (
          <p>
            También puedes escribirnos por el{' '}
            <ExternalLink href={support} className={TEXT_LINK}>
              chat de soporte
            </ExternalLink>
            . Su enlace aparece también en la aplicación, por ejemplo, en el pie de la página principal.
          </p>
        ) : (
          <p>Cuando el chat de soporte está disponible, su enlace aparece en la aplicación. Mientras tanto, escríbenos por correo.</p>
        )}
      </LegalSection>

      <LegalSection id="mas-informacion" title="Más información">
        <ul>
          <li>
            <Link to="/privacidad" className={TEXT_LINK}>
              Aviso de privacidad
            </Link>
            : qué datos usamos y cómo ejercer tus derechos.
          </li>
          <li>
            <Link to="/reembolsos" className={TEXT_LINK}>
              Política de reembolsos
            </Link>
            : cuándo y cómo te devolvemos un pago.
          </li>
          <li>
            <Link to="/terminos" className={TEXT_LINK}>
              Términos y condiciones
            </Link>
            : planes, precios y reglas de uso.
          </li>
        </ul>
      </LegalSection>
    </LegalPage>
  );
}
