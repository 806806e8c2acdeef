import { z } from 'zod';
import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';

type Variant = BusinessConnection['variant'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _ignored, ...rest } = schema;
  return rest;
}

function note(schema: JsonSchema, suffix: string): JsonSchema {
  return { ...schema, description: `${schema.description ?? ''} (${suffix})`.trim() };
}

/**
 * One schema for the variants connected: a single variant's schema as it is; for both, the union of
 * their fields, each field of one variant only described as "de only"/"pt only", `required` the
 * fields both require. Each call is then checked against its business's own variant schema.
 */
export function mergeVariantSchemas(
  schemas: Readonly<Record<Variant, JsonSchema>>,
  variants: readonly Variant[],
): JsonSchema {
  const unique = [...new Set(variants)];
  if (unique.length === 1) return schemas[unique[0] as Variant];
  return mergeTwo(schemas.de, schemas.pt);
}

function mergeTwo(de: JsonSchema, pt: JsonSchema): JsonSchema {
  if (same(de, pt)) return de;
  if (de.properties && pt.properties) {
    const properties: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(de.properties)) {
      const other = pt.properties[name];
      properties[name] = other ? mergeTwo(schema, other) : note(schema, 'de only');
    }
    for (const [name, schema] of Object.entries(pt.properties))
      if (!de.properties[name]) properties[name] = note(schema, 'pt only');
    const required = (de.required ?? []).filter((name) => pt.required?.includes(name));
    const { required: _r, properties: _p, ...rest } = de;
    return {
      ...rest,
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }
  // Same constraints, worded differently: one description is enough (a shorter catalogue).
  if (same(withoutDescription(de), withoutDescription(pt))) return de.description ? de : pt;
  return {
    anyOf: [note(de, 'de'), note(pt, 'pt')],
    description: de.description === pt.description ? (de.description ?? '') : 'Per variant, as below.',
  };
}

/** An object schema from its properties. */
export function objectSchema(
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
  strict = true,
): JsonSchema {
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(strict ? { additionalProperties: false } : {}),
  };
}

/** A top-level object schema without the keywords that would stop it being a plain zod object. */
export function topLevel(schema: JsonSchema): JsonSchema {
  const { minProperties: _m, ...rest } = schema;
  return rest;
}

/** A schema without descriptions (record schemas in outputs: the types are what a client checks). */
export function withoutDescriptions(schema: JsonSchema): JsonSchema {
  const { description: _d, additionalProperties: _a, properties, items, anyOf, ...rest } = schema;
  return {
    ...rest,
    ...(properties
      ? {
          properties: Object.fromEntries(
            Object.entries(properties).map(([k, v]) => [k, withoutDescriptions(v)]),
          ),
        }
      : {}),
    ...(items ? { items: withoutDescriptions(items) } : {}),
    ...(anyOf ? { anyOf: anyOf.map(withoutDescriptions) } : {}),
  };
}

/**
 * Moves object properties that repeat (same schema but for the description, like `main_address` and
 * `delivery_address`) into `$defs`, referenced from each place: the catalogue lists them once.
 */
export function shareRepeatedObjects(schema: JsonSchema): JsonSchema {
  const properties = schema.properties;
  if (!properties) return schema;
  const seen = new Map<string, string>();
  const defs: Record<string, JsonSchema> = {};
  const out: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.type !== 'object' || !property.properties) {
      out[name] = property;
      continue;
    }
    const key = JSON.stringify(withoutDescriptions(property));
    const repeats = Object.entries(properties).filter(
      ([, p]) => JSON.stringify(withoutDescriptions(p)) === key,
    );
    if (repeats.length < 2) {
      out[name] = property;
      continue;
    }
    let def = seen.get(key);
    if (!def) {
      def = name.split('_').pop() ?? name;
      const { description: _d, ...shared } = property;
      defs[def] = shared;
      seen.set(key, def);
    }
    out[name] = {
      $ref: `#/$defs/${def}`,
      ...(property.description ? { description: property.description } : {}),
    };
  }
  return Object.keys(defs).length > 0 ? { ...schema, properties: out, $defs: defs } : schema;
}

const cache = new WeakMap<JsonSchema, z.ZodType>();

/** The zod schema for a JSON schema (memoised per schema object). */
export function toZod(schema: JsonSchema): z.ZodType {
  let built = cache.get(schema);
  if (!built) {
    built = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    cache.set(schema, built);
  }
  return built;
}
