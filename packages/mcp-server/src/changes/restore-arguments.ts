import type { JsonSchema } from '../json-schema.js';
import { argumentsKey } from './create-guard.js';

type Fields = Readonly<Record<string, unknown>>;

/**
 * Whether a value, as the service returns it, means "not set" for a body property: nothing (absent,
 * `null`, a null reference), an empty string (a contact without an email comes back with `email: ""`),
 * id 0 of a reference (an expense without a supplier has `contact_id` 0, DECISIONS B6; ids start at 1),
 * or an object with nothing set in it (an address).
 */
function isUnset(name: string, value: unknown, schema: JsonSchema): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (schema.type === 'integer' && name.endsWith('_id') && value === 0) return true;
  if (schema.type === 'object')
    return typeof value !== 'object' || Object.keys(settableArguments(value as Fields, schema)).length === 0;
  return false;
}

/**
 * The arguments a body schema takes, from arguments built out of a fetched record: only the schema's
 * properties (nested ones too), and none whose value means "not set". What an undo sends to re-create a
 * record, and what it compares to see whether a record changed, so `""` and an absent value are equal.
 *
 * @param args - The record's values under the body's argument names (`RecordKind.toArguments`).
 * @param schema - The spec schema of the body (`ContactCreate`) for the business's variant.
 */
export function settableArguments(args: Fields, schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = args[name];
    if (isUnset(name, value, property)) continue;
    out[name] = property.type === 'object' ? settableArguments(value as Fields, property) : value;
  }
  return out;
}

/**
 * The value that unsets a property in an update, when the schema has one: an empty string where any
 * string is accepted. An email (`format`), a pattern, an enum, an id or an address has none: the
 * service keeps what it has.
 */
function clearValue(schema: JsonSchema): string | undefined {
  const free =
    schema.type === 'string' &&
    schema.format === undefined &&
    schema.pattern === undefined &&
    schema.enum === undefined &&
    (schema.minLength ?? 0) === 0;
  return free ? '' : undefined;
}

/** One field an undo puts back: its value now and the value it restores (`null`: unset). */
export interface FieldChange {
  readonly field: string;
  readonly now: unknown;
  readonly restore: unknown;
}

/** How an update is taken back. */
export interface Restore {
  /** The update operation's arguments that put the old values back (`""` unsets a text field). */
  readonly body: Record<string, unknown>;
  /** Field by field, dotted for nested ones (`main_address.town`). */
  readonly changes: readonly FieldChange[];
  /** Fields that were unset and were then set, which the update operation cannot unset again. */
  readonly unclearable: readonly string[];
}

/**
 * What an update must send to put back the values `old` had where `now` differs, for the properties
 * of the update body's schema: old values as they were, unset ones as the schema's empty value, and
 * the fields that have none listed apart.
 *
 * @param old - The record before the change, under the argument names (`RecordKind.toArguments`).
 * @param now - The record after it, likewise.
 * @param schema - The spec schema of the update body (`ContactUpdate`) for the business's variant.
 */
export function restoreArguments(old: Fields, now: Fields, schema: JsonSchema, path = ''): Restore {
  const body: Record<string, unknown> = {};
  const changes: FieldChange[] = [];
  const unclearable: string[] = [];
  const then = settableArguments(old, schema);
  const current = settableArguments(now, schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const [a, b] = [then[name], current[name]];
    if (argumentsKey(a) === argumentsKey(b)) continue;
    const field = `${path}${name}`;
    if (property.type === 'object' && a !== undefined) {
      const nested = restoreArguments(a as Fields, (b ?? {}) as Fields, property, `${field}.`);
      body[name] = nested.body;
      changes.push(...nested.changes);
      unclearable.push(...nested.unclearable);
    } else if (a !== undefined) {
      body[name] = a;
      changes.push({ field, now: b ?? null, restore: a });
    } else {
      const clear = property.type === 'object' ? undefined : clearValue(property);
      if (clear === undefined) unclearable.push(field);
      else {
        body[name] = clear;
        changes.push({ field, now: b ?? null, restore: null });
      }
    }
  }
  return { body, changes, unclearable };
}
