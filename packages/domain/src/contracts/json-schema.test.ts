import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import * as auth from './auth.ts';
import * as common from './common.ts';
import * as health from './health.ts';
import * as profile from './profile.ts';
import * as visits from './visits.ts';

// Routes publish these schemas at /api/docs, so each must convert to JSON Schema both as input and as output.
const modules = { auth, common, health, profile, visits };
const schemas = Object.entries(modules).flatMap(([area, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[0].endsWith('Schema') && entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${area}.${name}`, schema] as const),
);

describe('contract schemas', () => {
  it('are all found', () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)('%s converts to JSON Schema', (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: 'input' })).toHaveProperty('type', 'object');
    expect(z.toJSONSchema(schema, { io: 'output' })).toHaveProperty('type', 'object');
  });
});
