import { MAX_PAGE_SIZE } from './generated/tool-schemas.js';
import type { JsonSchema } from './json-schema.js';
import { ToolFailure } from './tool-failure.js';

/** Default page size of list tools. */
export const DEFAULT_LIMIT = 25;

/**
 * The paging and trimming arguments every list tool takes. Typed by each `type` (the compiler checks
 * the values below have it), so the handlers' arguments read `limit` as a number.
 */
export const PAGING_ARGUMENTS: {
  readonly limit: JsonSchema & { readonly type: 'integer' };
  readonly cursor: JsonSchema & { readonly type: 'string' };
  readonly fields: JsonSchema & {
    readonly type: 'array';
    readonly items: JsonSchema & { readonly type: 'string' };
  };
} = {
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    // `limit` on a list tool with `cursor` says "page size"; the keywords say its bounds.
    description: `Default ${DEFAULT_LIMIT}.`,
  },
  cursor: {
    type: 'string',
    maxLength: 200,
    description: 'From nextCursor.',
  },
  fields: {
    type: 'array',
    items: { type: 'string', maxLength: 60 },
    maxItems: 40,
    description: 'Only these fields.',
  },
};

/**
 * The paging arguments as `tools/list` shows them: without the lower bound of `limit` and the server's
 * own size limits of `cursor` and `fields` (not the spec's), which each call still enforces and no
 * agent comes near; they would be repeated on every list tool.
 */
const LISTED_PAGING_ARGUMENTS: Readonly<Record<string, JsonSchema>> = {
  limit: { type: 'integer', maximum: MAX_PAGE_SIZE, description: `Default ${DEFAULT_LIMIT}.` },
  cursor: { type: 'string', description: 'From nextCursor.' },
  fields: { type: 'array', items: { type: 'string' }, description: 'Only these fields.' },
};

/** An input schema's paging arguments in their listed form. */
export function listedPaging(schema: JsonSchema): JsonSchema {
  const properties = schema.properties;
  if (!properties) return schema;
  const paging: Readonly<Record<string, JsonSchema | undefined>> = PAGING_ARGUMENTS;
  const listed = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      property === paging[name] ? (LISTED_PAGING_ARGUMENTS[name] ?? property) : property,
    ]),
  );
  return { ...schema, properties: listed };
}

/** The page envelope of list results around a record schema. */
export function pageSchema(record: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items: record },
      nextCursor: {
        type: 'string',
        description: 'Pass as cursor for the next page; absent on the last page.',
      },
      totalCount: { type: 'integer', description: 'Records matching, on all pages.' },
    },
    required: ['items', 'totalCount'],
  };
}

interface CursorState {
  readonly tool: string;
  readonly business: string;
  readonly start: number;
  readonly filter: string;
}

/** A short fingerprint of the filters (FNV-1a, 32 bits): cursors stay short whatever the filters. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** An opaque cursor for the page starting at `start`, bound to the tool, business and filters. */
export function encodeCursor(state: CursorState): string {
  // Web APIs only (no Buffer), so the same code runs on Workers.
  const json = JSON.stringify([state.tool, state.business, state.start, fingerprint(state.filter)]);
  return btoa(encodeURIComponent(json)).replace(/=+$/, '');
}

/** The start index a cursor stands for; a cursor of another tool, business or filter fails. */
export function decodeCursor(cursor: string | undefined, expected: Omit<CursorState, 'start'>): number {
  if (cursor === undefined) return 0;
  try {
    const [tool, business, start, filter] = JSON.parse(decodeURIComponent(atob(cursor))) as unknown[];
    if (tool === expected.tool && business === expected.business && filter === fingerprint(expected.filter))
      if (typeof start === 'number' && Number.isInteger(start) && start >= 0) return start;
  } catch {
    // Falls through to the failure below.
  }
  throw new ToolFailure({
    code: 'INVALID_ARGUMENTS',
    message: `This cursor does not belong to this ${expected.tool} call (tool, business and filters must stay the same). Start again without cursor.`,
    business: expected.business,
    fields: [{ field: 'cursor', problem: 'not a cursor of this list' }],
  });
}
