/** The Spanish texts of the membership pages that tests and several components share. Spec texts are verbatim. */

// Membership purchase (spec section 8, empty states).
export const NO_MEMBERSHIP_SELECTED = 'No has seleccionado alguna membresía';
export const CHECKOUT_FAILED = 'No pudimos iniciar el pago. Intenta nuevamente.';
export const REDIRECTING_TO_PAYMENT = 'Redirigiendo al pago...';

// Group (spec section 8, "Invite").
export const INVITE_SENT = 'Invitación enviada correctamente';
export const INVITE_FAILED = 'No pudimos enviar la invitación. Intenta nuevamente.';
export const MEMBER_PENDING = 'Pendiente de activación';
export const MEMBER_ACTIVATED = 'Activada';
export const MEMBER_EXPIRED = 'Invitación vencida';

// Group activation (spec section 8, "Activation").
export const ACTIVATION_ERROR_TITLE = 'Error de activación';
export const ACTIVATION_FAILED = 'Error al activar la cuenta';
export const ACTIVATION_UNEXPECTED = 'Ha ocurrido un error inesperado. Por favor intenta nuevamente.';
export const ACTIVATION_SUCCESS = '¡Cuenta activada exitosamente!';

// Payment success.
export const CONFIRMING_PAYMENT = 'Confirmando tu pago...';

/** The 403 code of a trial session: buying and groups need an account. */
export const TRIAL_NOT_ALLOWED_CODE = 'TRIAL_NOT_ALLOWED';
/** The 403 code when the signed-in account is not the invited one. */
export const NOT_INVITED_ACCOUNT_CODE = 'NOT_INVITED_ACCOUNT';
