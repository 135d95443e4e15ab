import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * Responses are written by a serializer compiled from the route's Zod schema, turned into JSON Schema once per route
 * (decision 023). The Zod pass it replaces validated and re-built every response before `JSON.stringify`: a sixth of
 * `/api/health`'s throughput, and more on the big answers (a clinical case, the statistics). What the Zod pass
 * guaranteed that matters holds: only the properties a schema declares are written (a row's other columns never leave),
 * and a missing required property fails the response.
 *
 * What it no longer checks per request (a literal's value, a string's format, an integer's integrality) the tests
 * check: with `verify`, every response goes through both serializers and must come out the same, or Zod's own error
 * is raised. The API suite runs that way (test/app.ts), so each response it exercises proves the two agree.
 *
 * A schema JSON Schema cannot express (a transform) keeps the Zod serializer.
 */
export function createResponseSerializerCompiler({ verify }: { verify: boolean }): FastifySerializerCompiler<z.ZodType> {
  // One compilation per schema: most routes share the error schema, for four or five statuses each.
  const compiledBySchema = new WeakMap<object, ((data: unknown) => string) | null>();
  return (route) => {
    const viaZodFor = () => zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema as object;
    let compiled = compiledBySchema.get(schema);
    if (compiled === undefined) compiledBySchema.set(schema, (compiled = compileFast(schema)));
    if (!compiled) return viaZodFor();
    const fast = (data: unknown): string => {
      try {
        return compiled(data);
      } catch (cause) {
        throw new ResponseSerializationError(route.method, route.url, { cause: cause as never });
      }
    };
    if (!verify) return fast;
    const viaZod = viaZodFor();
    return (data: unknown) => {
      const expected = viaZod(data);
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: the compiled serializer wrote ${written}, Zod wrote ${expected}`);
      }
      return written;
    };
  };
}

function compileFast(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

/**
 * What fast-json-stringify needs and nothing more. `anyOf: [X, {type: 'null'}]`, Zod's spelling of `.nullable()`,
 * becomes X with `nullable: true`: an `anyOf` is chosen between by validating each branch with Ajv on every call.
 * Validation keywords the serializer ignores anyway (patterns, bounds) are dropped.
 */
export function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => isNullType(branch));
    if (nullIndex !== -1) {
      const { anyOf: _anyOf, ...rest } = schema;
      const other = simplify(anyOf[1 - nullIndex]) as JsonSchema;
      return { ...rest, ...other, nullable: true };
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (IGNORED_KEYWORDS.has(key)) continue;
    out[key] = NAMED_SCHEMAS.has(key) ? mapValues(value as JsonSchema, simplify) : simplify(value);
  }
  return out;
}

/** Keywords whose value maps names to schemas: its keys are names, never keywords. */
const NAMED_SCHEMAS = new Set(['properties', 'definitions', '$defs', 'patternProperties']);

const IGNORED_KEYWORDS = new Set(['pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'description']);

function isNullType(branch: unknown): boolean {
  return typeof branch === 'object' && branch !== null && (branch as JsonSchema).type === 'null' && Object.keys(branch).length === 1;
}

function mapValues(record: JsonSchema, map: (value: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
