/** The one way services report a failure the user should see: a stable code, an HTTP status and a Spanish message. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Recurso no encontrado.') => new AppError('NOT_FOUND', 404, message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(code, 400, message);
export const unauthorized = (message = 'Tu sesión no es válida. Inicia sesión nuevamente.') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.', code = 'FORBIDDEN') => new AppError(code, 403, message);
export const tooManyRequests = (message = 'Demasiadas solicitudes. Espera un momento e intenta nuevamente.', code = 'RATE_LIMITED') =>
  new AppError(code, 429, message);
