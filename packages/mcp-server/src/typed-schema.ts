import type { JsonSchema } from './json-schema.js';

/** The phantom key of a schema's argument type: declared for the type checker only, never set. */
declare const ARGUMENTS: unique symbol;

/**
 * A JSON schema that carries, for the type checker only, the type of the values it accepts.
 * {@link objectSchema} makes them from their properties, so a tool's handler reads its arguments as
 * its input schema declares them, and the compiler checks every read.
 */
export type TypedSchema<A> = JsonSchema & { readonly [ARGUMENTS]: A };

/**
 * A schema that may carry its argument type: a {@link TypedSchema} gives `defineTool` its handler's
 * argument type, any other schema leaves the default.
 */
export type MaybeTypedSchema<A> = JsonSchema & { readonly [ARGUMENTS]?: A };

/**
 * The value type of a property schema: an `enum`'s literals, `string`, `number` (`integer` too),
 * `boolean`, an array of its `items`' values, any object, or an `anyOf`'s union; otherwise `unknown`.
 * Nested objects stay records of unknown values: no handler reads into them by name.
 */
export type SchemaValue<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly anyOf: readonly (infer B)[] }
    ? SchemaValue<B>
    : S extends { readonly type: 'string' }
      ? string
      : S extends { readonly type: 'integer' | 'number' }
        ? number
        : S extends { readonly type: 'boolean' }
          ? boolean
          : S extends { readonly type: 'array'; readonly items: infer I }
            ? readonly SchemaValue<I>[]
            : S extends { readonly type: 'object' }
              ? Readonly<Record<string, unknown>>
              : unknown;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The arguments an object schema with properties `P` and required names `R` accepts: required ones
 * present, the others optional (`| undefined`, as a checked call leaves them absent). A property given
 * conditionally (`...(cond ? { confirm } : {})`) is optional in `P` and reads as its schema says.
 */
export type ArgumentsOf<P, R extends PropertyKey = never> = Simplify<
  { readonly [K in keyof P & R]: SchemaValue<Exclude<P[K], undefined>> } & {
    readonly [K in Exclude<keyof P, R>]?: SchemaValue<Exclude<P[K], undefined>> | undefined;
  }
>;

/** The argument type a {@link TypedSchema} carries. */
export type ArgumentsOfSchema<S> = S extends TypedSchema<infer A> ? A : never;

/**
 * The fields of a schema generated from the spec (a request body, a list's filters), whose names are
 * known only when the server starts: values to pass on, not to read by name.
 */
export type SpecArguments = Readonly<Record<string, unknown>>;
