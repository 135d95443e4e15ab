import { Link } from 'react-router';
import { formatMXN } from '@galeno/domain/format';
import { FREE_ACCESS_HOURS_DEFAULT, TRIAL_SECONDS_DEFAULT } from '@galeno/domain/membership';
import { GROUP_INVITE_DAYS, GROUP_MAX_INVITES, GROUP_SEATS, getPlan, LISTED_PLANS, type PlanId } from '@galeno/domain/plans';
import { getAppName } from '../../lib/brand';
import { ContactEmail, LegalPage, LegalSection, OperatorAddress, OperatorName, TEXT_LINK } from './legal-page';

/**
 * Route module for /terminos (issue 20): the terms of use. Plans, prices and group rules come from
 * packages/domain/src/plans.ts, the free hours and the trial from membership.ts, so the text follows the code.
 */

/** How each plan reads in a sentence (the plans' own titles are labels: '6 Meses'). */
const PLAN_NAMES: Record<PlanId, string> = {
  '1-week': '1 semana',
  '6-months': '6 meses',
  '1-year': '1 año',
  lifetime: 'De por vida',
};

const ONE_WEEK = getPlan('1-week');

export function Component() {
  const brand = getAppName();
  const trialMinutes = Math.round(TRIAL_SECONDS_DEFAULT / 60);
  return (
    <LegalPage title="Términos y condiciones" showVersion>
      <p>
        Estos términos regulan el uso de {brand}. Al crear tu cuenta, usar la prueba sin registro o pagar una membresía, aceptas estos
        términos y nuestro{' '}
        <Link to="/privacidad" className={TEXT_LINK}>
          aviso de privacidad
        </Link>
        . {brand} lo opera <OperatorName />, con domicilio en <OperatorAddress />.
      </p>

      <LegalSection id="servicio" title={`Qué es ${brand}`}>
        <p>
          {brand} es una plataforma de estudio para preparar el ENARM: casos clínicos, preguntas por especialidad, flashcards, simulacros
          del examen y estadísticas de tu avance.
        </p>
        <ul>
          <li>
            <strong>Es material de estudio, no consejo médico.</strong> No sustituye las guías oficiales, el juicio clínico ni la atención
            de un profesional de la salud, y no debe usarse para tomar decisiones sobre pacientes.
          </li>
          <li>
            <strong>Somos independientes.</strong> {brand} no está afiliado a la CIFRHS ni a los organizadores del ENARM.
          </li>
          <li>Te ayudamos a prepararte, pero no podemos garantizar tu resultado ni tu lugar en una residencia.</li>
        </ul>
      </LegalSection>

      <LegalSection id="cuenta" title="Tu cuenta">
        <ul>
          <li>
            Tu cuenta es <strong>personal e intransferible</strong>: una por persona y por correo. No compartas tu cuenta ni los códigos de
            acceso que te enviamos.
          </li>
          <li>
            Entras con un código que te enviamos por correo, así que cuida el acceso a tu correo. Si crees que alguien más entró a tu
            cuenta, escríbenos a <ContactEmail subject="Acceso a mi cuenta" />.
          </li>
          <li>Los datos que nos das deben ser verdaderos y tuyos.</li>
          <li>Si eres menor de edad, necesitas el permiso de tu madre, padre o tutor para crear una cuenta y para pagar una membresía.</li>
        </ul>
      </LegalSection>

      <LegalSection id="acceso-gratis" title="Acceso gratis">
        <ul>
          <li>
            <strong>Prueba sin registro:</strong> puedes estudiar {trialMinutes} minutos sin crear cuenta. Las pruebas tienen un límite
            diario por dispositivo.
          </li>
          <li>
            <strong>Cuenta gratis:</strong> al registrarte tienes {FREE_ACCESS_HOURS_DEFAULT} horas de estudio, que empiezan a correr con tu
            primera respuesta o tu primera flashcard.
          </li>
          <li>Al terminar ese tiempo necesitas una membresía para seguir estudiando. Tu cuenta y tu avance se conservan.</li>
        </ul>
      </LegalSection>

      <LegalSection id="membresias" title="Membresías y pagos">
        <p>Estos son los planes y sus precios regulares en pesos mexicanos:</p>
        <ul>
          <li>
            <strong>Oferta de 1 semana:</strong> {formatMXN(ONE_WEEK.basePrice)} MXN. Es una oferta única: solo se puede comprar una vez por
            cuenta y solo como membresía individual.
          </li>
          {LISTED_PLANS.map((plan) => (
            <li key={plan.id}>
              <strong>{PLAN_NAMES[plan.id]}:</strong> {formatMXN(plan.basePrice)} MXN individual, o {formatMXN(plan.groupPrice)} MXN grupal
              ({GROUP_SEATS} membresías).
            </li>
          ))}
        </ul>
        <ul>
          <li>
            <strong>Cada membresía es un pago único.</strong> No es una suscripción: no se renueva sola, no guardamos tu tarjeta y nunca te
            hacemos cargos automáticos.
          </li>
          <li>
            El precio que ves antes de pagar, con tu descuento si tienes uno, es el total que se cobra. Los descuentos del Quiz de descuento
            se usan una sola vez y no aplican a la oferta de 1 semana.
          </li>
          <li>
            Pagas en la página segura de Stripe, con los medios que ofrece en ese momento (por ejemplo, tarjeta o efectivo en OXXO). Con
            OXXO, tu membresía empieza cuando se confirma tu pago.
          </li>
          <li>Si compras mientras tu membresía sigue vigente, el tiempo nuevo se suma al que te queda.</li>
          <li>«De por vida» significa acceso sin fecha de término mientras {brand} siga funcionando, sin más pagos.</li>
          <li>
            Después de cada pago te enviamos un recibo por correo con su referencia. También ves tus pagos en «Mi perfil», en la sección
            «Pagos».
          </li>
          <li>
            Los reembolsos siguen nuestra{' '}
            <Link to="/reembolsos" className={TEXT_LINK}>
              política de reembolsos
            </Link>
            .
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="grupal" title="Membresías grupales">
        <ul>
          <li>
            Un plan grupal incluye {GROUP_SEATS} membresías del mismo plan: la tuya y {GROUP_MAX_INVITES} para las personas que invites con
            su correo.
          </li>
          <li>
            Cada invitación debe aceptarse en los {GROUP_INVITE_DAYS} días siguientes; si vence, ese lugar queda libre y puedes invitar a
            alguien más. Mientras esté pendiente, puedes reenviarla o revocarla.
          </li>
          <li>
            Cada persona invitada activa su membresía con su propia cuenta, y su plan cuenta desde el día en que la activa. Cada lugar es
            personal, igual que cualquier cuenta.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="uso" title="Uso permitido">
        <p>Puedes usar {brand} para tu estudio personal. No está permitido:</p>
        <ul>
          <li>Compartir tu cuenta o venderla, o dejar que otras personas estudien con ella.</li>
          <li>
            Extraer el contenido con programas automáticos, copiar o descargar el banco de preguntas, o intentar hacerlo por cualquier
            medio.
          </li>
          <li>Copiar, publicar, vender o compartir nuestras preguntas, explicaciones y flashcards propias.</li>
          <li>
            Saltarte los límites de la prueba, del acceso gratis o del Quiz de descuento, por ejemplo, con varias cuentas o dispositivos.
          </li>
          <li>Intentar entrar a cuentas ajenas o afectar el funcionamiento o la seguridad del servicio.</li>
        </ul>
        <p>Si no se respetan estas reglas, podemos suspender o cancelar la cuenta.</p>
      </LegalSection>

      <LegalSection id="contenido" title="Contenido y licencias">
        <ul>
          <li>
            <strong>Nuestro contenido:</strong> las preguntas, explicaciones y flashcards propias de {brand} están escritas conforme a las
            Guías de Práctica Clínica (GPC) y las NOM de la Secretaría de Salud. Son nuestras, y te damos permiso de usarlas para tu estudio
            personal mientras tengas acceso.
          </li>
          <li>
            <strong>Preguntas MIR España:</strong> provienen de exámenes del Ministerio de Sanidad de España, a través de los bancos
            abiertos HEAD-QA (licencia MIT) y CasiMedicos-Arg (licencia CC BY 4.0). Conservan sus licencias y cada pregunta muestra su
            fuente; esas licencias, y no estos términos, rigen su uso.
          </li>
          <li>
            La medicina y las guías cambian, y cualquier material puede tener errores. Si encuentras uno, usa «Reportar un error» en la
            pregunta o flashcard y lo revisamos.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="cambios" title="Disponibilidad y cambios">
        <ul>
          <li>
            Trabajamos para que {brand} esté disponible siempre, pero puede haber interrupciones por mantenimiento o fallas, sobre todo de
            servicios de terceros.
          </li>
          <li>
            Podemos actualizar, agregar o retirar contenido y funciones para mejorar el servicio. Lo que ya pagaste conserva la duración que
            compraste.
          </li>
          <li>
            Si cambiamos estos términos, publicamos la nueva versión en esta página, con su fecha al inicio. La versión vigente es la que
            aplica desde su publicación.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="responsabilidad" title="Responsabilidad">
        <p>
          Ofrecemos {brand} como una herramienta de estudio, con el cuidado razonable para que su contenido sea correcto. No respondemos por
          el resultado de tu examen ni por decisiones clínicas que se tomen con base en el material. Fuera de eso, respondemos hasta donde
          la ley lo permite, y nada de estos términos limita los derechos que te da la ley de protección al consumidor.
        </p>
      </LegalSection>

      <LegalSection id="ley" title="Ley aplicable">
        <p>
          Estos términos se rigen por las leyes de México. Si tienes un problema, escríbenos primero a <ContactEmail /> para resolverlo
          juntos. Como consumidor, también puedes acudir a la Profeco.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
