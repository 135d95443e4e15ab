import { Link } from 'react-router';
import { getAppName } from '../../lib/brand';
import { ContactEmail, LegalPage, LegalSection, OperatorCard, TEXT_LINK } from './legal-page';

/**
 * Route module for /privacidad (issue 20): the aviso de privacidad integral (LFPDPPP). Every statement follows what
 * the code does: the signup fields (users table), the cookies (plugins/auth.ts, plugins/device.ts), the IP kept as a
 * keyed hash and a masked form (lib/visitor.ts), «Descargar mis datos» and «Eliminar mi cuenta» (profile/export.ts,
 * auth/delete-account.ts), and the e-mails the app sends (mail/templates.ts: none is advertising).
 */

const CONTENTS = [
  { id: 'responsable', title: 'Quién es responsable de tus datos' },
  { id: 'datos', title: 'Qué datos personales usamos' },
  { id: 'finalidades', title: 'Para qué usamos tus datos' },
  { id: 'compartir', title: 'Con quién compartimos tus datos' },
  { id: 'cookies', title: 'Cookies y almacenamiento en tu navegador' },
  { id: 'conservacion', title: 'Cuánto tiempo guardamos tus datos' },
  { id: 'derechos', title: 'Tus derechos ARCO y cómo revocar tu consentimiento' },
  { id: 'seguridad', title: 'Cómo cuidamos tus datos' },
  { id: 'cambios', title: 'Cambios a este aviso' },
] as const;

type SectionId = (typeof CONTENTS)[number]['id'];
const titleOf = (id: SectionId) => CONTENTS.find((section) => section.id === id)!.title;

export function Component() {
  const brand = getAppName();
  return (
    <LegalPage title="Aviso de privacidad integral" documentTitle="Aviso de privacidad" showVersion>
      <p>
        Este aviso explica qué datos personales usamos en {brand}, para qué los usamos, con quién los compartimos y cómo puedes
        consultarlos, corregirlos o borrarlos. Lo publicamos conforme a la LFPDPPP, la ley mexicana que protege los datos personales en
        posesión de particulares, y su reglamento.
      </p>

      <nav aria-label="Contenido del aviso" className="mt-6 rounded-xl border border-slate-200 p-4">
        <p className="mt-0! font-semibold text-slate-900">En este aviso</p>
        <ol>
          {CONTENTS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={TEXT_LINK}>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <LegalSection id="responsable" title={titleOf('responsable')}>
        <p>El responsable de tus datos personales es quien opera {brand}:</p>
        <OperatorCard emailLabel="Correo para temas de privacidad" />
        <p>Ese domicilio y ese correo sirven para cualquier asunto sobre tus datos personales.</p>
      </LegalSection>

      <LegalSection id="datos" title={titleOf('datos')}>
        <h3>Al crear tu cuenta</h3>
        <ul>
          <li>Tu nombre y tu correo electrónico.</li>
          <li>Tu fecha de nacimiento y tu teléfono, que sirven como otra forma de entrar si el código por correo no te llega.</li>
        </ul>

        <h3>Para acomodar tu estudio</h3>
        <ul>
          <li>La especialidad que te interesa y el año en que presentarás el ENARM.</li>
          <li>Tus preferencias de estudio, como el banco de preguntas que eliges y cuántas flashcards nuevas quieres al día.</li>
        </ul>

        <h3>Tu actividad de estudio</h3>
        <ul>
          <li>Tus respuestas, tus repasos de flashcards y los simulacros que presentas, con sus resultados.</li>
          <li>Las preguntas que marcas para repasar y los errores que nos reportas en una pregunta o flashcard.</li>
          <li>
            Si usas la prueba sin registro, las respuestas que das en ella, para pasarlas a tu cuenta si te registras desde el mismo
            dispositivo.
          </li>
        </ul>

        <h3>Tus pagos</h3>
        <ul>
          <li>El plan que compras, si es individual o grupal, el monto, el descuento aplicado, la fecha y la referencia del pago.</li>
          <li>
            Los datos de tu tarjeta o de tu pago en efectivo en OXXO los recibe y procesa directamente Stripe, nuestro procesador de pagos.
            Nunca vemos ni guardamos el número de tu tarjeta.
          </li>
          <li>
            Si compras una membresía grupal, el correo de las personas que invitas y el nombre con el que tú las identificas en tu grupo.
          </li>
          <li>
            Si pides factura, tus datos fiscales: RFC, nombre o razón social, régimen fiscal, código postal, uso del CFDI y el correo al que
            te la enviamos.
          </li>
        </ul>

        <h3>El Quiz de descuento</h3>
        <ul>
          <li>
            Si ganas un descuento sin tener cuenta y lo reclamas, tu nombre, tu correo y tu fecha de nacimiento, para enviarte el descuento
            y aplicarlo a la cuenta que crees con ese correo.
          </li>
        </ul>

        <h3>Datos técnicos</h3>
        <ul>
          <li>
            Tu dirección IP, que guardamos solo de dos formas: como un código cifrado con una clave secreta, que no permite recuperar la
            dirección, y en forma parcial, sin sus últimos números (por ejemplo, 201.141.x.x).
          </li>
          <li>El tipo de navegador y de dispositivo, tal como tu navegador lo informa.</li>
          <li>
            En las páginas públicas, por qué enlace llegaste, desde qué página venías y qué botones de la página principal usaste, para
            saber qué funciona mejor.
          </li>
        </ul>

        <p>
          <strong>No te pedimos datos personales sensibles</strong>, como los de tu salud, origen étnico, creencias religiosas, opiniones
          políticas o vida sexual. Por favor no los escribas en los reportes ni en los mensajes que nos envíes.
        </p>
      </LegalSection>

      <LegalSection id="finalidades" title={titleOf('finalidades')}>
        <h3>Finalidades necesarias para darte el servicio</h3>
        <ul>
          <li>
            Crear y administrar tu cuenta, y dejarte entrar con el código que te enviamos por correo o, si los confirmas en «Mi perfil», con
            tu fecha de nacimiento o tu teléfono.
          </li>
          <li>
            Darte el servicio de estudio: preguntas, flashcards, simulacros y tus estadísticas. Tus resultados también cuentan, sin tu
            nombre y sumados con los de otros estudiantes, en los porcentajes y comparaciones que ve cada quien.
          </li>
          <li>
            Cobrar tus membresías, enviarte tu recibo, emitir las facturas que nos pidas, aplicar tus descuentos y hacer los reembolsos que
            correspondan.
          </li>
          <li>
            Proteger tu cuenta: te avisamos por correo cada vez que alguien entra con tu fecha de nacimiento o tu teléfono, y limitamos los
            intentos fallidos.
          </li>
          <li>Aplicar por dispositivo los límites de la prueba sin registro y del Quiz de descuento, para evitar abusos.</li>
          <li>
            Saber por qué enlace llegaste y, si te recomendó un afiliado, calcular la comisión que le corresponde por tu registro y tus
            pagos.
          </li>
          <li>Atenderte cuando nos escribes y corregir los errores que nos reportas.</li>
        </ul>

        <h3>Finalidades secundarias</h3>
        <p>
          <strong>Ninguna.</strong> No usamos tus datos para publicidad ni mercadotecnia, no te enviamos correos promocionales y no vendemos
          ni rentamos tus datos. Los únicos correos que te enviamos son los de tu cuenta: códigos de acceso, avisos de inicio de sesión,
          recibos, reembolsos, tu descuento, invitaciones a un grupo y las facturas que pidas.
        </p>
      </LegalSection>

      <LegalSection id="compartir" title={titleOf('compartir')}>
        <p>
          Solo compartimos tus datos con quienes nos ayudan a darte el servicio, que los tratan por nuestra cuenta y únicamente para eso:
        </p>
        <ul>
          <li>
            <strong>Stripe</strong>, que procesa los pagos: recibe tu correo, el monto y la membresía que compras, además de los datos de tu
            tarjeta o de tu pago en OXXO, que trata también conforme a su propio aviso de privacidad.
          </li>
          <li>
            <strong>El proveedor de envío de correo</strong>, que recibe tu dirección de correo y el mensaje que te enviamos.
          </li>
          <li>
            <strong>El proveedor de servidores</strong> donde funciona {brand} y se guarda su base de datos.
          </li>
          <li>
            <strong>El proveedor autorizado de certificación (PAC)</strong> que timbra las facturas que pides: recibe los datos fiscales de
            la factura y, como lo exige la ley, la envía al SAT.
          </li>
        </ul>
        <p>Además:</p>
        <ul>
          <li>
            Si llegaste por el enlace de un afiliado, esa persona ve en su panel que se registró una cuenta desde su enlace y los pagos de
            esa cuenta (plan y montos), y de las visitas a su enlace ve la dirección IP parcial y el tipo de navegador. Nunca ve tu nombre,
            tu correo ni tu teléfono.
          </li>
          <li>
            Si nos escribes por el chat de soporte, tus mensajes pasan por la aplicación de mensajería que uses, con sus propias reglas de
            privacidad.
          </li>
          <li>Solo entregaríamos datos a una autoridad cuando una ley o una orden de autoridad competente nos obligue.</li>
        </ul>
      </LegalSection>

      <LegalSection id="cookies" title={titleOf('cookies')}>
        <p>
          Usamos solo cookies propias, necesarias para que {brand} funcione. <strong>No usamos cookies de publicidad</strong> ni
          herramientas de analítica de terceros.
        </p>
        <ul>
          <li>
            <strong>Cookie de sesión</strong> (estrictamente necesaria): mantiene tu sesión abierta. Se borra al cerrar sesión y vence a los
            30 días, o antes si pasas 7 días sin usar {brand}. En la prueba sin registro dura lo mismo que la prueba.
          </li>
          <li>
            <strong>Cookie de dispositivo</strong>: un identificador al azar que no contiene datos tuyos. Sirve para aplicar por dispositivo
            los límites de la prueba sin registro y del Quiz de descuento, y para pasar a tu cuenta las respuestas de la prueba. Dura 400
            días y de ella solo guardamos un código cifrado.
          </li>
          <li>
            <strong>Cookie de recomendación</strong>: recuerda durante 30 días el enlace de afiliado por el que llegaste, para reconocerle
            tu registro.
          </li>
          <li>
            <strong>Almacenamiento local del navegador</strong>: guarda en tu dispositivo tus preferencias (como los atajos de teclado y el
            ritmo del examen con tiempo), el inicio de tu prueba sin registro, tus resultados del Quiz de descuento, las respuestas de un
            simulacro mientras se guardan y una copia de tu perfil por 24 horas para que la aplicación cargue más rápido, que se borra al
            cerrar sesión.
          </li>
        </ul>
        <p>
          Puedes borrar las cookies y el almacenamiento local desde la configuración de tu navegador. Sin la cookie de sesión no es posible
          mantener tu sesión abierta; si borras la de dispositivo, tu navegador recibe una nueva.
        </p>
      </LegalSection>

      <LegalSection id="conservacion" title={titleOf('conservacion')}>
        <p>
          Guardamos tus datos mientras tengas tu cuenta. Cuando la eliminas, borramos tu cuenta, tus respuestas, tus estadísticas, tus
          flashcards, tus preguntas marcadas y tus descuentos. Solo conservamos:
        </p>
        <ul>
          <li>Tus pagos, sin tu nombre ni tu correo, porque las leyes fiscales nos piden guardar el registro de cada cobro.</li>
          <li>
            Las solicitudes de factura que hiciste, con sus datos fiscales y ya sin relación con tu cuenta, por la misma razón: son parte
            del registro fiscal de esos pagos.
          </li>
          <li>Los errores que reportaste en preguntas o flashcards, ya sin relación con tu cuenta.</li>
        </ul>
        <p>
          Si reclamaste un descuento del Quiz de descuento y no creaste cuenta, guardamos ese reclamo hasta que nos pidas borrarlo en{' '}
          <ContactEmail subject="Datos personales" />.
        </p>
      </LegalSection>

      <LegalSection id="derechos" title={titleOf('derechos')}>
        <p>
          Tienes derecho a <strong>acceder</strong> a tus datos, a <strong>rectificarlos</strong> si son inexactos, a{' '}
          <strong>cancelarlos</strong> y a <strong>oponerte</strong> a su uso (derechos ARCO), así como a revocar tu consentimiento.
        </p>

        <h3>Desde tu cuenta, en «Mi perfil»</h3>
        <ul>
          <li>
            <strong>«Descargar mis datos»</strong> te da un archivo con todo lo que guardamos de ti: tu cuenta, tus respuestas, tus
            flashcards, tus pagos y tus solicitudes de factura.
          </li>
          <li>
            <strong>«Eliminar mi cuenta»</strong> borra tu cuenta y tus datos de estudio de forma definitiva. Para confirmarlo te enviamos
            un código a tu correo. Tus pagos se conservan sin tu nombre, como lo exigen las leyes fiscales.
          </li>
          <li>
            Para <strong>corregir tus datos</strong>, en «Mi perfil» puedes cambiar tu especialidad, el año de tu ENARM, tu fecha de
            nacimiento y tu teléfono. Para corregir tu nombre o tu correo, escríbenos.
          </li>
          <li>Los datos fiscales de una factura que aún no se emite los corriges en «Mi perfil», en «Pagos», con «Corregir datos».</li>
        </ul>
        <p>
          <Link to="/app/profile" className={TEXT_LINK}>
            Ir a «Mi perfil»
          </Link>{' '}
          (te pedirá iniciar sesión si no la tienes abierta).
        </p>

        <h3>Por correo</h3>
        <p>
          También puedes ejercer cualquiera de estos derechos escribiendo a <ContactEmail subject="Derechos ARCO" />. Escríbenos desde el
          correo de tu cuenta, para confirmar que eres tú (si no puedes, te pediremos otra forma de comprobar tu identidad), y dinos qué
          derecho quieres ejercer y sobre qué datos.
        </p>
        <p>
          Te respondemos en un plazo máximo de <strong>20 días hábiles</strong>, como lo establece la ley. Si tu solicitud procede, la
          hacemos efectiva dentro de los 15 días hábiles siguientes a nuestra respuesta.
        </p>

        <h3>Revocar tu consentimiento</h3>
        <p>
          Como todos los datos que usamos son necesarios para darte el servicio, revocar tu consentimiento equivale a eliminar tu cuenta.
          Puedes hacerlo en cualquier momento desde «Mi perfil» o por correo. Y como no usamos tus datos para publicidad, no hace falta que
          te inscribas en ningún listado para dejar de recibirla.
        </p>
      </LegalSection>

      <LegalSection id="seguridad" title={titleOf('seguridad')}>
        <ul>
          <li>
            No usamos contraseñas: entras con un código de un solo uso que te enviamos por correo. Guardamos los códigos y las sesiones solo
            en forma cifrada irreversible, así que nadie puede leerlos en nuestra base de datos.
          </li>
          <li>Tu fecha de nacimiento y tu teléfono solo sirven para entrar después de que tú los confirmas en «Mi perfil».</li>
          <li>Cada vez que alguien entra con esos datos, te avisamos por correo.</li>
        </ul>
      </LegalSection>

      <LegalSection id="cambios" title={titleOf('cambios')}>
        <p>
          Si cambiamos este aviso, publicamos la nueva versión en esta misma página, con su fecha al inicio. Al crear tu cuenta guardamos
          qué versión aceptaste.
        </p>
        <p>
          ¿Dudas sobre tus datos? Consulta nuestra página de{' '}
          <Link to="/contacto" className={TEXT_LINK}>
            contacto
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
