import { MAX_ADVERTISED_DISCOUNT, MAX_ATTEMPTS, WHEEL_PRIZES } from '@galeno/domain/discount-quiz';

/** The quiz's words. Those the spec gives are verbatim (marked "spec"); the rest fill what it leaves silent. */

export const PAGE_TITLE = 'Quiz de descuento';
export const BACK = 'Volver'; // spec

export const WELCOME_TITLE = `Gana hasta ${MAX_ADVERTISED_DISCOUNT}% de descuento en tu membresía`;
export const WELCOME_TEXT = `Responde una pregunta tipo ENARM: te toma 1 minuto. Si aciertas, giras la ruleta y ganas hasta ${MAX_ADVERTISED_DISCOUNT}% de descuento.`;
export const START = 'Comenzar';
export const seeMyDiscount = (percent: number) => `Ver mi descuento de ${percent}%`;
export const LAST_ATTEMPT = 'Último intento';
export const LAST_ATTEMPT_NOTE = 'Es tu último intento: tómate tu tiempo.';

export const QUESTION_TITLE = 'Pregunta tipo ENARM';
export const ANSWER = 'Responder';
export const SENDING_ANSWER = 'Enviando...';
export const PICK_AN_OPTION = 'Elige una opción para responder.';
export const QUESTION_UNAVAILABLE = 'No pudimos cargar la pregunta.';
export const RETRY = 'Reintentar';
export const RETRYING = 'Reintentando...';

export const RIGHT_TITLE = '¡Respuesta correcta!';
export const WRONG_TITLE = 'Respuesta incorrecta';
export const EXPLANATION = 'Explicación';
export const TO_ROULETTE = 'Ir a la ruleta';

export const ROULETTE_TITLE = '¡Gira la ruleta!';
export const ROULETTE_TEXT = 'Acertaste: gira la ruleta para descubrir tu descuento.';
export const SPIN = 'Girar la ruleta';
export const SPINNING = 'Girando...';
/** Read by screen readers instead of the (decorative) wheel. */
export const WHEEL_DESCRIPTION = `Premios de la ruleta: ${WHEEL_PRIZES.slice(0, -1).join('%, ')}% y ${WHEEL_PRIZES.at(-1)}% de descuento.`;
export const youWon = (percent: number) => `¡Ganaste ${percent}% de descuento!`;

/*
 * The conditions the server enforces (apps/api: memberships/service.ts and discount-quiz/service.ts): one
 * payment uses the discount up; it applies to every plan, individual or group, except the fixed-price 1-week
 * offer; it belongs to the account (a public claim: to the account with the claim's e-mail); it lasts
 * DISCOUNT_VALID_DAYS from the draw.
 */
const CONDITIONS = 'Un solo uso en planes de 6 meses, 1 año o de por vida (individual o grupal)';
export const CONDITIONS_CLAIM = `${CONDITIONS}, solo para la cuenta de tu correo.`;
export const CONDITIONS_MEMBER = `${CONDITIONS}, solo para tu cuenta.`;
export const CONDITIONS_SENT = `${CONDITIONS}, solo para la cuenta de este correo.`;

export const RESULT_TITLE = '¡Felicidades!';
export const RESULT_PUBLIC_TEXT = 'Reclámalo con tu correo y úsalo al pagar tu membresía.';
export const CLAIMED_TEXT = 'Ya reclamaste este descuento: te lo enviamos por correo. Crea tu cuenta con ese correo para usarlo.';
export const validUntilText = (date: string) => `Válido hasta el ${date}.`;
export const CLAIM_MY_DISCOUNT = 'Reclamar mi descuento';
export const RESULT_MEMBER_TEXT = 'Úsalo al pagar tu membresía.';
export const USE_MY_DISCOUNT = 'Usar mi descuento';
export const ACCEPTED_TEXT = 'Ya lo apartaste: se aplica al pagar tu membresía.';
export const USE_NOW = 'Usar ahora';
export const NOT_NOW = 'Ahora no';
export const SAVING = 'Guardando...';

export const CLAIM_TITLE = 'Recibe tu descuento';
export const claimTitle = (percent: number) => `Recibe tu descuento de ${percent}%`;
export const CLAIM_TEXT = 'Déjanos tus datos y te enviamos el descuento por correo.';
export const NAME_LABEL = 'Nombre completo'; // spec
export const EMAIL_LABEL = 'Email'; // spec
export const BIRTH_DATE_LABEL = 'Fecha de nacimiento'; // spec
export const RECEIVE_DISCOUNT = 'Recibir descuento'; // spec
export const SENDING = 'Enviando...'; // spec
export const CONFIRM_TITLE = 'Confirma tu correo'; // spec
export const ALL_GOOD = 'Todo bien'; // spec
export const LOADING = 'Cargando...'; // spec
export const FIX_EMAIL = 'Corregir correo'; // spec
export const CLAIM_REGISTERED = 'Tu descuento fue registrado correctamente'; // spec
export const EMAIL_SENT_TITLE = '¡Email enviado!'; // spec
export const CREATE_ACCOUNT = 'Crear mi cuenta';
export const BACK_HOME = 'Volver al inicio';
/** Spec: missing discount on the claim form throws 'No discount'. */
export const NO_DISCOUNT = 'No discount';

export const ALREADY_PARTICIPATED_TEXT = 'Solo puedes participar una vez al día. Vuelve mañana para intentarlo de nuevo.';
export const MAX_ATTEMPTS_TEXT = `Gracias por participar. Ya usaste los ${MAX_ATTEMPTS} intentos del quiz de descuento.`;
export const TO_TRIAL = 'Ir a la prueba gratuita';
export const SIGN_UP_FREE = 'Crear mi cuenta gratis';
export const TRY_FREE = 'Probar 5 minutos gratis';
export const BACK_TO_STUDYING = 'Volver a estudiar';

/** After a wrong answer: when the next attempt is (the day after, on Mexico City's calendar), or that none is left. */
export const nextAttemptTomorrow = (day: string | null) => `Tu siguiente intento: mañana${day ? `, ${day}` : ''}.`;
export const NO_MORE_ATTEMPTS = 'Ya no te quedan más intentos.';

export const LOAD_FAILED_TITLE = 'No pudimos cargar el quiz de descuento';
