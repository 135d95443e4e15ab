/**
 * Error codes and messages the pages act on, with no zod: a page that only needs a code must not
 * download the schemas chunk. The contracts re-export them.
 */

/** 403 for an account whose access ended: the pages open the expired-membership modal. */
export const MEMBERSHIP_EXPIRED_CODE = 'MEMBERSHIP_EXPIRED';
/** What the server says with MEMBERSHIP_EXPIRED (spec: the expired-membership modal). */
export const MEMBERSHIP_EXPIRED_MESSAGE = 'Tu membresía ha expirado. Renueva ahora para continuar accediendo a todas las funciones.';
