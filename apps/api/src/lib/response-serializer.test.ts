import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { createResponseSerializerCompiler, simplify } from './response-serializer.ts';

const Case = z.object({
  id: z.string(),
  kind: z.enum(['quick', 'timed']),
  status: z.literal('ok'),
  answered: z.number().int(),
  score: z.number(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  note: z.string().optional(),
  questions: z.array(z.object({ text: z.string(), options: z.array(z.string()), correct: z.boolean() })),
  review: z.object({ due: z.number() }).nullable(),
  shares: z.record(z.string(), z.number()),
});

const row = {
  id: 'c1',
  kind: 'timed',
  status: 'ok',
  answered: 3,
  score: 66.5,
  startedAt: '2026-11-25T01:00:00.000Z',
  finishedAt: null,
  questions: [{ text: 'Niño de 3 años con fiebre «alta» y \\ "comillas"\n', options: ['a', 'b'], correct: true, secret: 'x' }],
  review: { due: 2, internal: 1 },
  shares: { a: 0.5, b: 0.5 },
  passwordHash: 'never written',
};

function compile(schema: z.ZodType, verify = false) {
  return createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/t', httpStatus: '200' });
}

describe('createResponseSerializerCompiler', () => {
  it('writes what Zod writes, without the properties the schema does not declare', () => {
    const written = compile(Case)(row);
    expect(JSON.parse(written)).toEqual(Case.parse(row));
    expect(written).not.toContain('never written');
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
    expect(compile(Case, true)(row)).toBe(written);
  });

  it('writes null for a nullable object and omits an absent optional property', () => {
    const written = JSON.parse(compile(Case)({ ...row, review: null, note: undefined }));
    expect(written.review).toBeNull();
    expect('note' in written).toBe(false);
  });

  it('fails a response that lacks a required property, as Zod did', () => {
    const { id: _id, ...withoutId } = row;
    let error: unknown;
    try {
      compile(Case)(withoutId);
    } catch (caught) {
      error = caught;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('verifying, raises what Zod finds wrong that the compiled serializer does not check', () => {
    expect(() => compile(Case)({ ...row, status: 'bad' })).not.toThrow();
    let error: unknown;
    try {
      compile(Case, true)({ ...row, status: 'bad' });
    } catch (caught) {
      error = caught;
    }
    expect(isResponseSerializationError(error)).toBe(true);
  });

  it('keeps Zod for a schema JSON Schema cannot express', () => {
    const Dated = z.object({ at: z.date() });
    expect(compile(Dated)({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });
});

describe('simplify', () => {
  it("turns Zod's nullable spelling into nullable: true and drops what the serializer ignores", () => {
    expect(
      simplify({
        type: 'object',
        properties: { pattern: { anyOf: [{ type: 'string', pattern: '^a' }, { type: 'null' }] }, n: { type: 'integer', minimum: 0 } },
        required: ['pattern'],
      }),
    ).toEqual({
      type: 'object',
      properties: { pattern: { type: 'string', nullable: true }, n: { type: 'integer' } },
      required: ['pattern'],
    });
  });
});
