import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';

/**
 * Replies written by a serializer compiled from each route's response schema: the contract's zod
 * schema is turned into JSON Schema once, at start-up, and fast-json-stringify builds a function
 * that writes exactly the declared fields. Parsing every large reply with zod before
 * JSON.stringify (the type provider's serializer) was the biggest cost of the list routes in the
 * profile. A schema that JSON Schema cannot express falls back to the zod serializer.
 */

type JsonSchema = Record<string, unknown>;

const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * `anyOf: [{type: 'string'}, {type: 'null'}]` (zod's nullable) becomes `type: ['string', 'null']`:
 * fast-json-stringify picks an anyOf branch by running a validator on the value, a type list
 * by a typeof check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 1) {
    const branches = anyOf as JsonSchema[];
    const nullIndex = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const others = branches.filter((_, i) => i !== nullIndex);
    const simpleTypes = others.every((b) => typeof b.type === 'string' && SIMPLE_TYPES.has(b.type) && b.enum === undefined && b.const === undefined);
    if (nullIndex >= 0 && others.length === 1 && typeof others[0].type === 'string') {
      // X | null where X is any one typed schema (an object, an array, a string…).
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...others[0], type: [others[0].type, 'null'] };
    }
    if (simpleTypes) {
      const { anyOf: _drop, ...rest } = out;
      const types = [...new Set(branches.map((b) => b.type as string))];
      return { ...rest, type: types };
    }
  }
  return out;
}

/** The JSON Schema of a zod response schema (as sent: io 'output'), or null when it has parts JSON Schema cannot express. */
export function toResponseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as JsonSchema;
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

// Many routes share a schema (every error status of a module uses its error schema): each
// schema object is compiled once.
const compiled = new WeakMap<object, (data: unknown) => string>();

export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema } = route;
  const cacheable = schema !== null && typeof schema === 'object';
  const known = cacheable ? compiled.get(schema) : undefined;
  if (known) return known;
  const write = compile(route);
  if (cacheable) compiled.set(schema, write);
  return write;
};

function compile(route: Parameters<FastifySerializerCompiler<unknown>>[0]): (data: unknown) => string {
  const { schema } = route;
  const zodSchema = schema instanceof z.ZodType ? schema : null;
  const json = zodSchema ? toResponseJsonSchema(zodSchema) : (schema as JsonSchema);
  if (json) {
    try {
      return fastJson(json) as (data: unknown) => string;
    } catch {
      // A schema fast-json-stringify cannot compile: the zod serializer below still works.
    }
  }
  return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
}
