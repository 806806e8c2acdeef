/**
 * Generates `src/generated/tool-schemas.ts` from the bundled OpenAPI documents `openapi/dist/{de,pt}.json`:
 * the input schemas of the request bodies and list filters the record kinds of `src/record-kinds.ts`
 * name, per variant, a shallow schema of every record the tools return, and each variant's operations.
 * Fails when a record kind names a tool whose operation a variant's spec lacks.
 * Run: `pnpm --filter @acctkit/mcp-server generate`.
 * `test/tool-schemas.node.test.ts` regenerates in memory and fails when the committed file differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../src/json-schema.js';
import { RECORD_KINDS, type RecordKind } from '../src/record-kinds.js';
import { checkRecordKinds, type SpecOperations } from '../src/record-operations.js';
import { valueSource } from '../src/value-sources.js';

type Node = Record<string, unknown>;
/** The parts of an OpenAPI document this generator reads. */
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Node>>;
  readonly components: { readonly schemas: Record<string, Node>; readonly parameters: Record<string, Node> };
}
type Variant = 'de' | 'pt';

/** Query parameters the server sets itself: paging, and `classic_dates` (dates are always ISO). */
const SERVER_PARAMETERS = new Set(['$startIndex', '$itemsPerPage', 'classic_dates']);

/**
 * Records the tools return besides those of the record kinds: the business, bank accounts, products
 * and the reference lists.
 */
const OTHER_RECORDS = [
  'BankAccount',
  'Product',
  'Business',
  'FinancialSettings',
  'AccountType',
  'ArtefactStatus',
  'ContactType',
  'Country',
  'ExpenseType',
  'IncomeType',
] as const;

/**
 * What to generate for the record kinds: the bodies their create and update tools take, the filters of
 * their list operations, and their records.
 */
function specNames(kinds: readonly RecordKind[]): {
  bodies: string[];
  filters: string[];
  records: string[];
} {
  const bodies = kinds.flatMap((kind) =>
    [kind.tools.create?.body, kind.tools.update?.body].filter((body) => body !== undefined),
  );
  const filters = kinds.filter((kind) => kind.tools.list).map((kind) => kind.path);
  const records = [...kinds.map((kind) => kind.record), ...OTHER_RECORDS];
  return { bodies: [...new Set(bodies)], filters: [...new Set(filters)], records: [...new Set(records)] };
}

const DATE_SCHEMAS = new Set(['IsoDate', 'DmyDate']);
// `format: date` is the spec's IsoDate (`YYYY-MM-DD`, pattern and format) in one keyword, and checks
// calendar days too; the wire's dd/mm/yyyy dates are converted by the server.
const ISO_DATE: JsonSchema = { type: 'string', format: 'date', description: 'Date.' };
const COPIED = ['type', 'enum', 'const', 'pattern', 'maxLength', 'minLength', 'minimum', 'maximum'] as const;

function refName(node: Node): string | undefined {
  const ref = node.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

function humanize(name: string): string {
  const words = name.replace(/_id$/, ' id').replace(/_/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/**
 * Shorter wordings of spec descriptions that restate what the schema's own keywords already say
 * (a money pattern, a maximum) or explain the wire: every tool schema is in the agent's context on
 * each turn, so each word counts. Constraints are never dropped, only the prose repeating them.
 */
const SHORTER: readonly (readonly [RegExp, string])[] = [
  [/^Money amount sent as a string:.*$/, 'Decimal string.'],
  [/, at most 99999999\.99\.$/, '.'],
  [
    /^Returns records created, updated or deleted since this moment\..*$/,
    'Changed since this date or date-time (the service keeps US Eastern time: send -05:00 or -04:00).',
  ],
  [/^Sent by the interface's request example, holding the town\..*$/, 'Undocumented; prefer `town`.'],
  [/^Sent by the interface's request example; its effect is not documented\.$/, 'Effect undocumented.'],
  [/^Format `0000-000` \(pattern [^)]*\) for Portuguese addresses;.*$/, '`0000-000` in Portugal.'],
  [
    /^Only contacts whose tax authentication number \(tax-office number\)/,
    'Only contacts whose tax-office number',
  ],
  [/^Only contacts whose (.+) matches this value\.$/, 'Match on $1.'],
  [/^Only contacts of this type; /, ''],
  [/^Percentage rate sent as a decimal string, for example (.*)\.$/, 'Percent ($1).'],
  [/ \(Variant B documents the match as case-insensitive\)/, ''],
  [/^True \(the service also accepts `1`\) when/, 'True when'],
  [/ \(documented as a string\)/, ''],
  [/^Id of the ledger account receiving the income\.$/, 'Receiving ledger account id.'],
  [/^Matches the contact's name or company name\.$/, 'Matches name or company.'],
  [/^Id of the contact's withholding tax\.$/, 'Withholding tax id.'],
  [/^Expense type \((a )?ledger account\) id\.$/, 'Expense type id.'],
];

function shorter(text: string): string {
  return SHORTER.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/**
 * A field's description: its own, or its type's, or its name's; plus where valid values come from
 * (not for an enum, which lists them).
 */
function describe(name: string, own: unknown, fallback: unknown, enumerated = false): string {
  const text = shorter(
    typeof own === 'string' ? own : typeof fallback === 'string' ? fallback : humanize(name),
  );
  // `Country id (list_reference kind 'countries').`: the tool that lists valid ids, in as few tokens as the
  // tools' own id arguments (`Contact id (list_contacts).`).
  const source = enumerated ? undefined : valueSource(name);
  return source && !text.includes(source) ? `${text.replace(/\.$/, '')} (${source}).` : text;
}

/**
 * The longest string a pattern anchored at both ends (`^…$`) matches, or `undefined` when it has no
 * bound (`*`, `+`, `{n,}`) or uses syntax read here as unknown (lookarounds, back-references).
 */
export function patternMaxLength(pattern: string): number | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  const end = pattern.length - 1;
  let at = 1;
  const alternatives = (): number | undefined => {
    let longest = sequence();
    while (longest !== undefined && pattern[at] === '|') {
      at++;
      const next = sequence();
      longest = next === undefined ? undefined : Math.max(longest, next);
    }
    return longest;
  };
  const sequence = (): number | undefined => {
    let total = 0;
    while (at < end && pattern[at] !== '|' && pattern[at] !== ')') {
      const one = atom();
      const times = one === undefined ? undefined : repeats();
      if (one === undefined || times === undefined) return undefined;
      total += one * times;
    }
    return total;
  };
  const atom = (): number | undefined => {
    const char = pattern[at];
    if (char === '(') {
      at += pattern.startsWith('(?:', at) ? 3 : 1;
      if (pattern[at] === '?') return undefined;
      const inner = alternatives();
      if (pattern[at] !== ')') return undefined;
      at++;
      return inner;
    }
    if (char === '[') {
      at++;
      while (at < end && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
      at++;
      return 1;
    }
    if (char === '\\') {
      if (!/[dDwWsS.\-+*?()[\]{}|^$/\\]/.test(pattern[at + 1] ?? '')) return undefined;
      at += 2;
      return 1;
    }
    if (char === '^' || char === '$') return undefined;
    at++;
    return 1;
  };
  const repeats = (): number | undefined => {
    const char = pattern[at];
    if (char === '*' || char === '+') return undefined;
    if (char === '?') {
      at++;
      return 1;
    }
    const counted = char === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at)) : null;
    if (!counted) return 1;
    at += counted[0].length;
    if (counted[2] === undefined) return Number(counted[1]);
    return counted[3] ? Number(counted[3]) : undefined;
  };
  const longest = alternatives();
  return at === end ? longest : undefined;
}

/** An input schema: references inlined, dates ISO, only validation keywords and descriptions. */
function input(doc: OpenApiDocument, node: Node, name: string): JsonSchema {
  const ref = refName(node);
  if (ref && DATE_SCHEMAS.has(ref))
    return { ...ISO_DATE, description: describe(name, node.description, ISO_DATE.description) };
  if (ref) {
    const target = doc.components.schemas[ref] as Node;
    const resolved = input(doc, target, name);
    // An object's own description is about the wire form (`contact[main_address][…]`); name it instead.
    const fallback = target.type === 'object' ? undefined : target.description;
    return {
      ...resolved,
      description: describe(name, node.description, fallback, Array.isArray(target.enum)),
    };
  }
  const out: Record<string, unknown> = {};
  for (const key of COPIED) if (node[key] !== undefined) out[key] = node[key];
  if (node.format === 'email') out.format = 'email';
  // A `maxLength` the pattern already enforces repeats it (money: `^-?\d{1,8}(\.\d{1,2})?$` is 12 at most).
  const bound = typeof out.pattern === 'string' ? patternMaxLength(out.pattern) : undefined;
  if (bound !== undefined && typeof out.maxLength === 'number' && bound <= out.maxLength)
    delete out.maxLength;
  if (node.type === 'object') {
    const properties: Record<string, JsonSchema> = {};
    for (const [field, schema] of Object.entries((node.properties ?? {}) as Record<string, Node>))
      properties[field] = input(doc, schema, field);
    out.properties = properties;
    if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
    if (typeof node.minProperties === 'number') out.minProperties = node.minProperties;
    out.additionalProperties = false;
  }
  return {
    ...(out as JsonSchema),
    description: describe(name, node.description, undefined, Array.isArray(node.enum)),
  };
}

/** The filters of a list operation as one object schema. */
function filters(doc: OpenApiDocument, path: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const reference of (doc.paths[path]?.get?.parameters ?? []) as Node[]) {
    const parameter = doc.components.parameters[refName(reference) ?? ''] ?? reference;
    const name = parameter.name as string;
    if (parameter.in !== 'query' || SERVER_PARAMETERS.has(name)) continue;
    const schema = parameter.schema as Node;
    const isDate = name.endsWith('_date');
    // Date filters accept only ISO here: the server converts to whatever the wire wants.
    const described = isDate
      ? `${String(parameter.description).split(/[,.]/)[0]}.`
      : (parameter.description as string);
    properties[name] = isDate
      ? { ...ISO_DATE, description: described }
      : {
          ...input(doc, schema, name),
          description: describe(name, described, undefined, Array.isArray(schema.enum)),
        };
    if (parameter.required === true) required.push(name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function typesOf(doc: OpenApiDocument, node: Node): string[] {
  const ref = refName(node);
  if (ref) return typesOf(doc, doc.components.schemas[ref] as Node);
  const alternatives = (node.oneOf ?? node.anyOf ?? node.allOf) as Node[] | undefined;
  if (alternatives) return [...new Set(alternatives.flatMap((alternative) => typesOf(doc, alternative)))];
  if (Array.isArray(node.type)) return node.type as string[];
  return typeof node.type === 'string' ? [node.type] : [];
}

/** The properties of an object schema, `allOf` parts included. */
function propertiesOf(doc: OpenApiDocument, node: Node): Record<string, Node> {
  const ref = refName(node);
  if (ref) return propertiesOf(doc, doc.components.schemas[ref] as Node);
  const own = (node.properties ?? {}) as Record<string, Node>;
  const parts = ((node.allOf ?? []) as Node[]).map((part) => propertiesOf(doc, part));
  return Object.assign({}, ...parts, own);
}

/**
 * Record fields the tools leave out: `$url` and `$key` (the server drops them; `id` says the same),
 * and `lock_version`, the service's optimistic-locking counter, which no tool takes.
 */
const OMITTED_FIELDS = new Set(['$url', '$key', 'lock_version']);

/**
 * A record's shallow schema: each field's JSON type (references become `object`), no `required`
 * (the `fields` argument trims records), without the {@link OMITTED_FIELDS}.
 * A field of several types (`string` or `null`) is an `anyOf` of one type each, not a `type` array,
 * which clients with a single-`type` schema dialect reject.
 */
function record(doc: OpenApiDocument, name: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [field, schema] of Object.entries(propertiesOf(doc, doc.components.schemas[name] as Node))) {
    if (OMITTED_FIELDS.has(field)) continue;
    const types = typesOf(doc, schema);
    properties[field] =
      types.length === 1 ? { type: types[0] as string } : { anyOf: types.map((type) => ({ type })) };
  }
  return { type: 'object', properties };
}

/** The page size limit of list operations (`$itemsPerPage` maximum). */
function pageLimit(doc: OpenApiDocument): number {
  const schema = doc.components.parameters.ItemsPerPage?.schema as Node | undefined;
  return typeof schema?.maximum === 'number' ? schema.maximum : 200;
}

function perVariant<T>(
  docs: Record<Variant, OpenApiDocument>,
  make: (doc: OpenApiDocument) => T,
): Record<Variant, T> {
  return { de: make(docs.de), pt: make(docs.pt) };
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of a document as `METHOD /path`, sorted. */
function operationsOf(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

/**
 * The text of `src/generated/tool-schemas.ts` for the two documents and the record kinds: schemas
 * keyed by what the spec calls them (a body or record schema's name, a list operation's path), so a
 * record kind names them once and the tools find them by those names.
 */
export function generateToolSchemas(
  docs: Record<Variant, OpenApiDocument>,
  kinds: readonly RecordKind[] = RECORD_KINDS,
): string {
  const operations: SpecOperations = perVariant(docs, operationsOf);
  checkRecordKinds(kinds, operations);
  const names = specNames(kinds);
  const bodies: Record<string, Record<Variant, JsonSchema>> = {};
  for (const schema of names.bodies)
    bodies[schema] = perVariant(docs, (doc) => input(doc, doc.components.schemas[schema] as Node, schema));
  const filterSchemas: Record<string, Record<Variant, JsonSchema>> = {};
  for (const path of names.filters) filterSchemas[path] = perVariant(docs, (doc) => filters(doc, path));
  const records: Record<string, Record<Variant, JsonSchema>> = {};
  for (const schema of names.records) records[schema] = perVariant(docs, (doc) => record(doc, schema));
  const limit = Math.min(pageLimit(docs.de), pageLimit(docs.pt));
  const json = (value: unknown): string => JSON.stringify(value, null, 2);
  const keys = (table: object): string =>
    Object.keys(table)
      .map((k) => `'${k}'`)
      .join(' | ');
  return `// Generated from openapi/dist/{de,pt}.json by scripts/generate-tool-schemas.ts; do not edit.
// Regenerate: pnpm --filter @acctkit/mcp-server generate (test/tool-schemas.node.test.ts fails on drift).
import type { JsonSchema } from '../json-schema.js';

/** Input schemas of the request bodies the tools take, by spec schema name, per variant. */
export const BODY_SCHEMAS: Readonly<Record<${keys(bodies)}, Readonly<Record<'de' | 'pt', JsonSchema>>>> = ${json(bodies)};

/** Input schemas of the list operations' filters, by spec path, per variant. */
export const FILTER_SCHEMAS: Readonly<Record<${keys(filterSchemas)}, Readonly<Record<'de' | 'pt', JsonSchema>>>> = ${json(filterSchemas)};

/** Shallow schemas of the records the tools return, by spec schema name, per variant. */
export const RECORD_SCHEMAS: Readonly<Record<${keys(records)}, Readonly<Record<'de' | 'pt', JsonSchema>>>> = ${json(records)};

/** Every operation of each variant's spec, as \`METHOD /path\`: what a record kind's tools are checked against. */
export const SPEC_OPERATIONS: Readonly<Record<'de' | 'pt', readonly string[]>> = ${json(operations)};

/** The largest page a list operation returns (\`$itemsPerPage\` maximum). */
export const MAX_PAGE_SIZE = ${limit};
`;
}

/** Reads the bundled documents of `@acctkit/openapi`. */
export function readDocuments(): Record<Variant, OpenApiDocument> {
  const require = createRequire(import.meta.url);
  const read = (variant: Variant): OpenApiDocument =>
    JSON.parse(readFileSync(require.resolve(`@acctkit/openapi/${variant}.json`), 'utf8')) as OpenApiDocument;
  return { de: read('de'), pt: read('pt') };
}

export const GENERATED_PATH: string = fileURLToPath(
  new URL('../src/generated/tool-schemas.ts', import.meta.url),
);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_PATH, generateToolSchemas(readDocuments()));
  process.stdout.write(`wrote ${GENERATED_PATH}\n`);
}
