import { describe, it, expect } from 'vitest';
import { ErrorResponseSchema, SuccessSchema } from './common.ts';
import { HealthResponseSchema } from './health.ts';

describe('common shapes', () => {
  it('carry an error as { errorMessage, code }', () => {
    expect(ErrorResponseSchema.parse({ errorMessage: 'Ingresa un correo válido', code: 'VALIDATION' })).toEqual({
      errorMessage: 'Ingresa un correo válido',
      code: 'VALIDATION',
    });
    expect(ErrorResponseSchema.safeParse({ message: 'x' }).success).toBe(false);
  });

  it('carry success as a boolean', () => {
    expect(SuccessSchema.parse({ success: false })).toEqual({ success: false });
    expect(SuccessSchema.safeParse({ success: 'yes' }).success).toBe(false);
  });

  it('health is ok only when the database is', () => {
    expect(HealthResponseSchema.safeParse({ status: 'ok', database: 'ok' }).success).toBe(true);
    expect(HealthResponseSchema.safeParse({ status: 'ok', database: 'down' }).success).toBe(false);
  });
});
