import { z } from 'zod';
import { decimalProblem } from './argument-problems.js';
import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';
import { missingArgument } from './tool-failure.js';
import type { ArgumentsOf, SpecArguments, TypedSchema } from './typed-schema.js';

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

/** The types a schema of types alone allows (`type`, or an `anyOf` of bare types), else `undefined`. */
function typesOnly(schema: JsonSchema): string[] | undefined {
  const { description: _d, ...rest } = schema;
  const keys = Object.keys(rest);
  if (keys.length === 1 && typeof rest.type === 'string') return [rest.type];
  if (keys.length === 1 && rest.anyOf) {
    const branches = rest.anyOf.map(typesOnly);
    if (branches.every((types) => types !== undefined)) return branches.flat();
  }
  return undefined;
}

/** How a variant's own limits read in a description, by keyword. */
const IN_WORDS: Readonly<Record<string, (value: unknown) => string>> = {
  maxLength: (n) => `at most ${String(n)} characters`,
  minLength: (n) => `at least ${String(n)} characters`,
  maximum: (n) => `at most ${String(n)}`,
  minimum: (n) => `at least ${String(n)}`,
  pattern: (p) => `matching \`${String(p)}\``,
};

/** The keywords in words, or `undefined` when one of them has no wording. */
function inWords(keywords: Readonly<Record<string, unknown>>): string | undefined {
  const said = Object.entries(keywords).map(([key, value]) => IN_WORDS[key]?.(value));
  return said.every((text) => text !== undefined) ? said.join(', ') : undefined;
}

/**
 * A field whose schema differs by variant. Types alone: the types of both, an `anyOf` of one type each
 * where they differ. Otherwise the keywords both share once. When one variant adds nothing to them,
 * the union of the two is the shared keywords alone (an `anyOf` would constrain nothing), and what the
 * other variant adds is said in the description (`de: at most 14 characters`); else an `anyOf` with
 * what each variant adds, each branch named by its variant.
 */
function eitherVariant(de: JsonSchema, pt: JsonSchema): JsonSchema {
  const description = de.description ?? pt.description;
  const deTypes = typesOnly(de);
  const ptTypes = typesOnly(pt);
  if (deTypes && ptTypes) {
    const types = [...new Set([...deTypes, ...ptTypes])];
    return {
      ...(types.length === 1 ? { type: types[0] as string } : { anyOf: types.map((type) => ({ type })) }),
      ...(description ? { description } : {}),
    };
  }
  const common: Record<string, unknown> = {};
  const own: Record<Variant, Record<string, unknown>> = { de: {}, pt: {} };
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
  const text = { de: de.description, pt: pt.description };
  const limits = { de: inWords(own.de), pt: inWords(own.pt) };
  if ((limits.de === '' && limits.pt !== undefined) || (limits.pt === '' && limits.de !== undefined)) {
    const note = (variant: Variant): string | undefined => {
      const wording = text[variant] && text[variant] !== description ? text[variant].replace(/\.$/, '') : '';
      const said = [wording, limits[variant]].filter(Boolean).join(', ');
      return said ? `${variant}: ${said}.` : undefined;
    };
    const described = [description, note('de'), note('pt')].filter(Boolean).join(' ');
    return { ...(common as JsonSchema), ...(described ? { description: described } : {}) };
  }
  const branch = (variant: Variant): JsonSchema => ({
    ...own[variant],
    description: text[variant] && text[variant] !== description ? `${variant}: ${text[variant]}` : variant,
  });
  return {
    ...(common as JsonSchema),
    ...(description ? { description } : {}),
    anyOf: [branch('de'), branch('pt')],
  };
}

/**
 * An object schema from its properties, typed with the arguments it accepts ({@link ArgumentsOf}): the
 * `const` type parameters keep each property's `type` and `enum` literals, so a handler reads
 * `kind?: 'contacts' | … | undefined` rather than a cast.
 */
export function objectSchema<
  const P extends Readonly<Record<string, JsonSchema>>,
  const R extends keyof P & string = never,
>(properties: P, required: readonly R[] = [], strict = true): TypedSchema<ArgumentsOf<P, R>> {
  const schema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(strict ? { additionalProperties: false } : {}),
  };
  // The one place a schema gets its argument type: derived from the properties it was built from.
  return schema as TypedSchema<ArgumentsOf<P, R>>;
}

/**
 * `spec`, a schema generated from the spec whose fields are known only at start-up, with a tool's own
 * arguments (`own`, from {@link objectSchema}) after its fields, or before them when `first`: an object
 * schema taking no other argument and requiring what either requires. The spec's fields read as
 * unknown values ({@link SpecArguments}), the tool's own as their schemas say.
 */
export function withOwnArguments<A>(
  spec: JsonSchema,
  own: TypedSchema<A>,
  first = false,
): TypedSchema<SpecArguments & A> {
  const { description: _d, ...rest } = spec;
  const properties = first
    ? { ...own.properties, ...(spec.properties ?? {}) }
    : { ...(spec.properties ?? {}), ...own.properties };
  const required = [...(own.required ?? []), ...(spec.required ?? [])];
  const schema: JsonSchema = {
    ...rest,
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
  return schema as TypedSchema<SpecArguments & A>;
}

/** A top-level object schema without the keywords that would stop it being a plain zod object. */
export function topLevel(schema: JsonSchema): JsonSchema {
  const { minProperties: _m, ...rest } = schema;
  return rest;
}

/**
 * An output schema as listed: the field names and their types (no `type` beside an `enum`, which says
 * it), without descriptions, `additionalProperties` or `required`. The tool builds its results: a
 * client checking them needs the types and an agent the field names, while `required` would spend
 * tokens on every tool saying which fields a result always has.
 */
export function withoutDescriptions(schema: JsonSchema): JsonSchema {
  const {
    description: _d,
    additionalProperties: _a,
    required: _r,
    properties,
    items,
    anyOf,
    $defs,
    ...rest
  } = enumUntyped(schema);
  const each = (record: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema> =>
    Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withoutDescriptions(v)]));
  return {
    ...rest,
    ...(properties ? { properties: each(properties) } : {}),
    ...(items ? { items: withoutDescriptions(items) } : {}),
    ...(anyOf ? { anyOf: anyOf.map(withoutDescriptions) } : {}),
    ...($defs ? { $defs: each($defs) } : {}),
  };
}

/** Without `type` where `enum` lists the values (their type says it). */
function enumUntyped(schema: JsonSchema): JsonSchema {
  if (!schema.enum) return schema;
  const { type: _t, ...rest } = schema;
  return rest;
}

const listedForms = new WeakMap<JsonSchema, JsonSchema>();

/**
 * `schema`, which `tools/list` shows as `listed`: without limits of the server's own that each call
 * still checks and no agent comes near (an id's `minimum: 1`), so the catalogue does not repeat them.
 */
export function withListedForm<const S extends JsonSchema>(schema: S, listed: JsonSchema): S {
  listedForms.set(schema, listed);
  return schema;
}

/**
 * An input schema as listed: without `additionalProperties` at any depth (unknown arguments are
 * refused by the per-variant check of each call, which names the variant; listing `false` on every
 * object only repeats that), without length limits (each call checks them and its error names the
 * limit: DECISIONS MC30), without `type` beside an `enum`, and each argument given a listed form
 * ({@link withListedForm}) in that form.
 */
export function withoutStrictness(schema: JsonSchema): JsonSchema {
  const {
    additionalProperties: _a,
    minLength: _min,
    maxLength: _max,
    maxItems: _items,
    properties,
    items,
    anyOf,
    $defs,
    ...rest
  } = enumUntyped(listedForms.get(schema) ?? schema);
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

/**
 * The zod schema for a JSON schema (memoised per schema object). A required property of an object
 * that is missing (or `null`) fails with what it takes ({@link missingArgument}), not with zod's
 * `expected number, received undefined`; a decimal string given as a JSON number, or with too many
 * decimals, fails with how to write it ({@link decimalProblem}).
 */
export function toZod(schema: JsonSchema): z.ZodType {
  let built = cache.get(schema);
  if (!built) {
    const parsed = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
    built = withRequiredMessages(withDecimalMessages(parsed, schema), schema);
    cache.set(schema, built);
  }
  return built;
}

function withRequiredMessages(built: z.ZodType, schema: JsonSchema): z.ZodType {
  const required = schema.required ?? [];
  if (!(built instanceof z.ZodObject) || required.length === 0) return built;
  const present: Record<string, z.ZodType> = {};
  for (const name of required) {
    const property = built.shape[name] as z.ZodType | undefined;
    if (!property) continue;
    const error = missingArgument(name, schema.properties?.[name] ?? {});
    // The presence check first: its failure stops the pipe, so the field gets this one problem.
    present[name] = z
      .unknown()
      .refine((value): boolean => value !== undefined && value !== null, { error, abort: true })
      .pipe(property);
  }
  return built.extend(present);
}

function withDecimalMessages(built: z.ZodType, schema: JsonSchema): z.ZodType {
  if (!(built instanceof z.ZodObject) || !schema.properties) return built;
  const checked: Record<string, z.ZodType> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const error = decimalProblem(property);
    const own = built.shape[name] as z.ZodType | undefined;
    if (error === undefined || !own || property.pattern === undefined) continue;
    const pattern = new RegExp(property.pattern);
    // Checked before the field's own schema, so a number or `99.999` gets this one problem; an
    // optional field stays optional (a required one gets its presence check in front).
    const optional = own instanceof z.ZodOptional;
    const decimal = z
      .unknown()
      .refine((value): boolean => typeof value === 'string' && pattern.test(value), { error, abort: true })
      .pipe(optional ? (own.unwrap() as z.ZodType) : own);
    checked[name] = optional ? decimal.optional() : decimal;
  }
  return Object.keys(checked).length > 0 ? built.extend(checked) : built;
}
