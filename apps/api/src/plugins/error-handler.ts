import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';

const GENERIC_5XX = 'Ocurrió un error inesperado. Intenta nuevamente en unos momentos.';
export const DATABASE_UNAVAILABLE =
  'El servicio no está disponible por el momento. Intenta nuevamente en unos minutos: tu avance guardado no se pierde.';

/** Fastify's own 4xx codes, in words a person can act on. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
};

/**
 * The single error path: every failure leaves as `{ errorMessage, code }` with a Spanish message.
 * 5xx details are logged, never sent.
 */
/**
 * What to log about a failure. Drizzle's query errors carry the statement's parameters in their message
 * (e-mails, birth dates, phone numbers): log the driver's own error and the SQL text, never the values.
 */
export function loggable(error: unknown): { err: unknown; query?: string } {
  const failure = error as {
    query?: unknown;
    params?: unknown;
    cause?: unknown;
    command?: unknown;
    responseCode?: unknown;
    code?: unknown;
  };
  if (typeof failure.query === 'string' && Array.isArray(failure.params))
    return { err: failure.cause ? driverError(failure.cause) : new Error('query failed'), query: failure.query };
  // Nodemailer's SMTP failures quote the server's answer and list the refused recipients ("550 <ana@…>: unknown"):
  // the step and the codes say what went wrong without naming anyone.
  if (typeof failure.command === 'string')
    return { err: { type: 'SmtpError', command: failure.command, code: failure.code, responseCode: failure.responseCode } };
  return { err: error };
}

/**
 * The driver's error without what repeats the values: PGlite attaches the parameters themselves, and PostgreSQL's
 * `detail` quotes a conflicting row's key ("Key (email)=(ana@…) already exists").
 */
function driverError(cause: unknown): unknown {
  if (!(cause instanceof Error)) return cause;
  const { params: _params, queryOptions: _options, query: _query, detail: _detail, ...rest } = cause as Error & Record<string, unknown>;
  return { ...rest, type: cause.name, message: cause.message, stack: cause.stack };
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500 && error.cause) request.log.error(loggable(error.cause), error.code);
        return reply.status(error.statusCode).send({ errorMessage: error.message, code: error.code });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
        const detail = first?.message ?? 'valor no válido';
        return reply.status(400).send({ errorMessage: field ? `${field}: ${detail}` : detail, code: 'VALIDATION_ERROR' });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'response did not match its schema');
        return reply.status(500).send({ errorMessage: GENERIC_5XX, code: 'INTERNAL_ERROR' });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .status(429)
          .send({ errorMessage: 'Demasiadas solicitudes. Espera un momento e intenta nuevamente.', code: 'RATE_LIMITED' });
      }
      if (status >= 400 && status < 500) {
        const message = (error.code && FASTIFY_MESSAGES[error.code]) ?? 'La solicitud no es válida.';
        return reply.status(status).send({ errorMessage: message, code: error.code ?? 'BAD_REQUEST' });
      }
      if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: say so, and let the client try again; the pool reconnects by itself.
        request.log.warn(loggable(error), 'database unavailable');
        return reply.status(503).header('retry-after', '10').send({ errorMessage: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
      }
      request.log.error(loggable(error), 'unhandled error');
      return reply.status(500).send({ errorMessage: GENERIC_5XX, code: 'INTERNAL_ERROR' });
    });
  },
  { name: 'error-handler' },
);
