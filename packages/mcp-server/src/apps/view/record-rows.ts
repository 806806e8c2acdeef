// The before/after rows of the approval card: one row per field of either record, values shown as
// given (amounts are decimal strings and stay exactly as the service wrote them).

/** One row of the before/after table. */
export interface RecordRow {
  readonly field: string;
  /** The value before, for display; `undefined` when there is no record before. */
  readonly before: string | undefined;
  /** The value after, for display; `undefined` when there is no record after. */
  readonly after: string | undefined;
  /** Whether the change touches this field. */
  readonly changed: boolean;
}

type Fields = Readonly<Record<string, unknown>>;

/** Fields shown in place of a nested object, in order of preference. */
const LABEL_FIELDS = ['display_name', 'name', 'account_name', 'label', 'title', 'reference'] as const;

/** Shown for a field without a value. */
export const NO_VALUE = '—';

/** Fields that only address a record in the service (`$url`, `$key`), not what a person reads. */
function isShown(field: string): boolean {
  return !field.startsWith('$');
}

/**
 * A value as one line of text: strings and numbers as given, a nested record by its name and id,
 * a list item by item, and {@link NO_VALUE} for null, an empty string or an empty reference.
 *
 * @param value - a field's value from a record.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'string') return value === '' ? NO_VALUE : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? '[]' : value.map(displayValue).join('; ');
  if (typeof value === 'object') return displayObject(value as Fields);
  return String(value);
}

function displayObject(value: Fields): string {
  const id = value.id ?? value.$key;
  const label = LABEL_FIELDS.map((field) => value[field]).find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  if (label !== undefined) return id === undefined || id === null ? label : `${label} (${displayValue(id)})`;
  const fields = Object.keys(value).filter((field) => isShown(field) && field !== 'id');
  if (fields.length === 0) return id === undefined || id === null ? NO_VALUE : `#${displayValue(id)}`;
  const parts = fields.map((field) => `${field}: ${displayValue(value[field])}`);
  return id === undefined || id === null ? parts.join(', ') : `#${displayValue(id)} (${parts.join(', ')})`;
}

/**
 * The rows of the before/after table: the fields of `before`, then those only `after` has. When
 * both records are there, a field is marked changed when the change names it or its values differ.
 *
 * @param before - the record before the change; `null` when the change creates it.
 * @param after - the record after the change; `null` when the change deletes it.
 * @param changed - the fields the change names as changed.
 * @param show - a field's value as text; default {@link displayValue}.
 */
export function recordRows(
  before: Fields | null,
  after: Fields | null,
  changed: readonly string[],
  show: (field: string, value: unknown) => string = (_field, value) => displayValue(value),
): RecordRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(isShown);
  const named = new Set(changed);
  return fields.map((field) => {
    const was = before ? show(field, before[field]) : undefined;
    const will = after ? show(field, after[field]) : undefined;
    // With one side missing (a delete, a re-create) every field changes: marking them all says nothing.
    const both = was !== undefined && will !== undefined;
    return { field, before: was, after: will, changed: both && (named.has(field) || was !== will) };
  });
}
