import { dmyToIso } from '@acctkit/client';
import type { BusinessConnection } from './business-connection.js';
import { type RecordKind, recordUriTemplate } from './record-kinds.js';

const DMY = /^\d{2}\/\d{2}\/\d{4}$/;

/** A record as the tools return it: `$url`/`$key` dropped (`id` says the same), dates ISO. */
export function normalizeRecord(record: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const source = (record ?? {}) as Record<string, unknown>;
  // for…in and the cheap name test first: this runs on every record of every page.
  for (const key in source) {
    if (key === '$url' || key === '$key' || !Object.hasOwn(source, key)) continue;
    const value = source[key];
    out[key] = key.endsWith('date') && typeof value === 'string' && DMY.test(value) ? dmyToIso(value) : value;
  }
  return out;
}

/** Only the `fields` asked for (and `id`); every field without `fields`. */
export function trimRecord(
  record: Record<string, unknown>,
  fields: readonly string[] | undefined,
): Record<string, unknown> {
  if (!fields || fields.length === 0) return record;
  const out: Record<string, unknown> = {};
  for (const key of ['id', ...fields]) if (key in record) out[key] = record[key];
  return out;
}

/** The resource URI of a record: its kind's template filled in. */
function recordUri(connection: BusinessConnection, kind: RecordKind, id: unknown): string {
  return recordUriTemplate(kind)
    .replace('{business}', encodeURIComponent(connection.name))
    .replace('{id}', String(id));
}

/** A resource link for a record. */
export function recordLink(
  connection: BusinessConnection,
  kind: RecordKind,
  record: Record<string, unknown>,
): { uri: string; name: string; description: string } {
  const label = String(record.name ?? record.company ?? record.reference ?? record.date ?? record.id);
  return {
    uri: recordUri(connection, kind, record.id),
    name: `${kind.singular} ${String(record.id)}`,
    description: `${label} (${connection.name})`,
  };
}
