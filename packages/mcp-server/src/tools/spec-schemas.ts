import type { BusinessConnection } from '../business-connection.js';
import { BODY_SCHEMAS, FILTER_SCHEMAS, RECORD_SCHEMAS } from '../generated/tool-schemas.js';
import type { JsonSchema } from '../json-schema.js';

type PerVariant = Readonly<Record<BusinessConnection['variant'], JsonSchema>>;

type Table = 'body' | 'filter' | 'record';
type Schemas = Readonly<Record<string, PerVariant | undefined>>;

const TABLES: Readonly<Record<Table, Schemas>> = {
  body: BODY_SCHEMAS,
  filter: FILTER_SCHEMAS,
  record: RECORD_SCHEMAS,
};

/**
 * The generated schemas of a spec name: a body or record schema (`ContactCreate`, `Contact`) or a list
 * operation's path (its filters). Tools look them up when they are built, so a name the generated file
 * lacks fails at start-up, never in a call.
 */
export function specSchemas(table: Table, name: string): PerVariant {
  const found = TABLES[table][name];
  if (!found)
    throw new Error(
      `No generated ${table} schema '${name}': regenerate with pnpm --filter @acctkit/mcp-server generate.`,
    );
  return found;
}
