import { z } from 'zod';
import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';

type Variant = BusinessConnection['variant'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _ignored, ...rest } = schema;
  return rest;
}

/** A field of one variant only: its description starts `de: ` or `pt: ` (the instructions say so once). */
function note(schema: JsonSchema, variant: Variant): JsonSchema {
  return { ...schema, description: `${variant}: ${schema.description ?? ''}`.trim() };
}

/**
 * One schema for the variants connected: a single variant's schema as it is; for both, the union of
 * their fields, each field of one variant only described with its variant first (`de: …`), `required`
 * the fields both require. Each call is then checked against its business's own variant schema.
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
      properties[name] = other ? mergeTwo(schema, other) : note(schema, 'de');
    }
    for (const [name, schema] of Object.entries(pt.properties))
      if (!de.properties[name]) properties[name] = note(schema, 'pt');
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
  return eitherVariant(de, pt);
}

const typeOnly = (schema: JsonSchema): boolean =>
  Object.keys(schema).every((key) => key === 'type' || key === 'description');

/**
 * A field whose schema differs by variant. Types alone: one list of types. Otherwise the keywords
 * both share once, then an `anyOf` with what each variant adds, each branch named by its variant.
 */
function eitherVariant(de: JsonSchema, pt: JsonSchema): JsonSchema {
  const description = de.description ?? pt.description;
  if (typeOnly(de) && typeOnly(pt)) {
    const types = [...new Set([de.type, pt.type].flat())].filter((t): t is string => typeof t === 'string');
    return {
      type: types.length === 1 ? (types[0] as string) : types,
      ...(description ? { description } : {}),
    };
  }
  const common: Record<string, unknown> = {};
  const own: Record<'de' | 'pt', Record<string, unknown>> = { de: {}, pt: {} };
  const keys = new Set([...Object.keys(de), ...Object.keys(pt)]);
  keys.delete('description');
  for (const key of keys) {
    const a = de[key as keyof JsonSchema];
    const b = pt[key as keyof JsonSchema];
    if (a !== undefined && b !== undefined && same(a, b)) common[key] = a;
    else {
      if (a !== undefined) own.de[key] = a;
      if (b !== undefined) own.pt[key] = b;
    }
  }
  const branch = (variant: 'de' | 'pt', text: string | undefined): JsonSchema => ({
    ...own[variant],
    description: text && text !== description ? `${variant}: ${text}` : variant,
  });
  return {
    ...(common as JsonSchema),
    ...(description ? { description } : {}),
    anyOf: [branch('de', de.description), branch('pt', pt.description)],
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

/**
 * An output schema as listed: the types (none beside an `enum`, and none for plain strings, which the
 * server's instructions say once) and the top level's `required`, without descriptions,
 * `additionalProperties` or nested `required` (the tool builds its results; a client checking them
 * needs the types, an agent reading them the field names).
 */
export function withoutDescriptions(schema: JsonSchema, nested = false): JsonSchema {
  const {
    description: _d,
    additionalProperties: _a,
    required,
    properties,
    items,
    anyOf,
    $defs,
    ...rest
  } = enumUntyped(schema);
  const each = (record: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withoutDescriptions(v, true)]));
  // A plain string (no enum, format or pattern) is `{}`: most output fields are strings.
  if (rest.type === 'string' && Object.keys(rest).length === 1) return {};
  return {
    ...rest,
    ...(properties ? { properties: each(properties) } : {}),
    ...(required && !nested ? { required } : {}),
    ...(items ? { items: withoutDescriptions(items, true) } : {}),
    ...(anyOf ? { anyOf: anyOf.map((branch) => withoutDescriptions(branch, true)) } : {}),
    ...($defs ? { $defs: each($defs) } : {}),
  };
}

/** Without `type` where `enum` lists the values (their type says it). */
function enumUntyped(schema: JsonSchema): JsonSchema {
  if (!schema.enum) return schema;
  const { type: _t, ...rest } = schema;
  return rest;
}

/**
 * An input schema as listed: without `additionalProperties` at any depth (unknown arguments are
 * refused by the per-variant check of each call, which names the variant; listing `false` on every
 * object only repeats that), and without `type` beside an `enum`.
 */
export function withoutStrictness(schema: JsonSchema): JsonSchema {
  const { additionalProperties: _a, properties, items, anyOf, $defs, ...rest } = enumUntyped(schema);
  const each = (record: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withoutStrictness(v)]));
  return {
    ...rest,
    ...(properties ? { properties: each(properties) } : {}),
    ...(items ? { items: withoutStrictness(items) } : {}),
    ...(anyOf ? { anyOf: anyOf.map(withoutStrictness) } : {}),
    ...($defs ? { $defs: each($defs) } : {}),
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
