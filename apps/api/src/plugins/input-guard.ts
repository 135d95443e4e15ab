import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** C0 controls other than tab, line feed and carriage return, and DEL: no form of ours has a use for them. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Half of a UTF-16 surrogate pair: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_CHARACTERS_MESSAGE = 'La solicitud contiene caracteres no válidos. Revisa lo que escribiste e intenta nuevamente.';

function isCleanString(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Every string (and key) inside a parsed body, query or params, walked without recursion (bodies may nest deeply). */
export function hasHostileString(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isCleanString(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (!isCleanString(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * A NUL or other control character, or half of a surrogate pair, can pass a schema (a name is any text)
 * and then break the database (PostgreSQL refuses \u0000 in text) or a mail header. Such input is
 * refused before validation with one Spanish 400, whichever endpoint it reaches.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook rather than an async one: it runs on every request, and a promise each time costs throughput.
    app.addHook('preValidation', (request, _reply, done) => {
      if (hasHostileString(request.params) || hasHostileString(request.query) || hasHostileString(request.body)) {
        done(new AppError('INVALID_CHARACTERS', 400, INVALID_CHARACTERS_MESSAGE));
        return;
      }
      done();
    });
  },
  { name: 'input-guard' },
);
