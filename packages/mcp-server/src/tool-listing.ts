import type { Tool } from '@modelcontextprotocol/server';
import { pendingOutput } from './approvals/approval-needed.js';
import { APPROVE_CHANGE_TOOL } from './approvals/approve-change.js';
import {
  APPROVAL_CARD_URI,
  appToolMeta,
  type CardUri,
  CHART_CARD_URI,
  RECONCILIATION_CARD_URI,
} from './apps/cards.js';
import type { BusinessConnection } from './business-connection.js';
import { businessArgument } from './business-selection.js';
import { CATALOGUE } from './catalogue.js';
import type { JsonSchema } from './json-schema.js';
import { listedPaging } from './paging.js';
import type { ServerOptions } from './server-options.js';
import type { ToolDefinition } from './tool-definition.js';
import type { ToolEntry } from './tool-entry.js';
import { shareRepeatedObjects, topLevel, withoutDescriptions, withoutStrictness } from './tool-schema.js';
import { CONNECT_BUSINESS_TOOL } from './tools/connect-business.js';
import type { Toolset } from './toolset.js';

/** A tool of the active catalogue, as the README's tool table shows it. */
export interface ToolSummary {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly toolset: Toolset;
  readonly write: boolean;
  readonly annotations: ToolDefinition['annotations'];
}

/** The options that choose the catalogue; without `connections`, the full catalogue for the mode. */
export type CatalogueOptions = Omit<ServerOptions, 'connections'> & {
  connections?: readonly BusinessConnection[];
  /** The local server that connects businesses from the chat (no `--sandbox`): lists `connect_business`. */
  connects?: boolean;
};

/** `connect_business` as `listTools({ connects: true })` names it (the bundle's manifest). */
const CONNECT_BUSINESS_SUMMARY: ToolSummary = {
  name: CONNECT_BUSINESS_TOOL.name,
  title: CONNECT_BUSINESS_TOOL.title ?? CONNECT_BUSINESS_TOOL.name,
  description: CONNECT_BUSINESS_TOOL.description ?? '',
  toolset: 'business',
  write: true,
  annotations: CONNECT_BUSINESS_TOOL.annotations as ToolSummary['annotations'],
};

/** The connections write tools may act on. */
export function writable(connections: readonly BusinessConnection[]): BusinessConnection[] {
  return connections.filter((c) => c.scope === 'full_access');
}

/** The tools that `options` leave in the catalogue, in catalogue order. */
export function activeTools(options: CatalogueOptions): ToolDefinition[] {
  const connections = options.connections;
  const writes = !options.readOnly && (connections === undefined || writable(connections).length > 0);
  return CATALOGUE.filter(
    (tool) =>
      (writes || !tool.write) &&
      (!options.toolsets || options.toolsets.includes(tool.toolset)) &&
      (!options.tools || options.tools.includes(tool.name)),
  );
}

/**
 * The tools a server built with these options lists: name, title, description, toolset, annotations.
 * Without `connections`, the full catalogue for the given mode.
 *
 * @example
 * ```ts
 * for (const tool of listTools()) process.stdout.write(`| ${tool.name} | ${tool.title} |\n`);
 * ```
 */
export function listTools(options: CatalogueOptions = {}): ToolSummary[] {
  const connecting =
    options.connects === true &&
    !options.readOnly &&
    (!options.toolsets || options.toolsets.includes('business')) &&
    (!options.tools || options.tools.includes(CONNECT_BUSINESS_TOOL.name));
  const tools = activeTools(options).map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    toolset: tool.toolset,
    write: tool.write,
    annotations: tool.annotations,
  }));
  if (!connecting) return tools;
  const at = tools.findIndex((tool) => tool.name === 'list_businesses') + 1;
  return [...tools.slice(0, at), CONNECT_BUSINESS_SUMMARY, ...tools.slice(at)];
}

type Variant = BusinessConnection['variant'];

const CARD_URIS: Readonly<Record<NonNullable<ToolDefinition['card']>, CardUri>> = {
  approval: APPROVAL_CARD_URI,
  chart: CHART_CARD_URI,
  reconciliation: RECONCILIATION_CARD_URI,
};

/**
 * The annotations as listed: a read-only tool's without `destructiveHint` and `idempotentHint`, which
 * the MCP spec gives meaning only when `readOnlyHint` is false (DECISIONS MC21).
 */
function listedAnnotations(annotations: ToolDefinition['annotations']): Tool['annotations'] {
  if (!annotations.readOnlyHint) return annotations;
  return { readOnlyHint: true, openWorldHint: annotations.openWorldHint };
}

/** An approval card tool's input as an MCP Apps host sees it: no `confirm`, which the card replaces. */
function withoutConfirm(schema: JsonSchema): JsonSchema {
  const { confirm: _confirm, ...properties } = schema.properties ?? {};
  return { ...schema, properties };
}

/** What `tools/list` shows of a tool for a set of variants, `business` aside. */
interface ListedSchemas {
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
}

// Built once per process for each tool and set of variants (at most three sets): schemas depend on
// the variants only, never on a connection, so every server (and every remote grant) shares them.
const listedSchemas = new WeakMap<ToolDefinition, Map<string, ListedSchemas>>();

function schemasOf(tool: ToolDefinition, variants: readonly Variant[]): ListedSchemas {
  const key = [...new Set(variants)].sort().join(',');
  let byVariants = listedSchemas.get(tool);
  if (!byVariants) {
    byVariants = new Map();
    listedSchemas.set(tool, byVariants);
  }
  let built = byVariants.get(key);
  if (!built) {
    const unique = key.split(',') as Variant[];
    // Unknown arguments are refused by the per-variant check of each call, which names the variant.
    const { description: _d, ...inputSchema } = withoutStrictness(
      shareRepeatedObjects(listedPaging(topLevel(tool.input(unique)))),
    );
    built = { inputSchema, outputSchema: withoutDescriptions(tool.output(unique)) };
    byVariants.set(key, built);
  }
  return built;
}

/**
 * The tool as `tools/list` shows it: its own arguments plus `business` where it acts on one. To a
 * client that renders MCP Apps, a tool with a card names it in `_meta.ui`, and an approval card's
 * tool may answer `approval_pending` with the card's data in `approval`, and lists no `confirm` (the
 * card asks the user whatever `confirm` says; a call that passes it is still accepted).
 */
function listedTool(
  tool: ToolDefinition,
  eligible: readonly BusinessConnection[],
  connections: readonly BusinessConnection[],
  apps: boolean,
): Tool {
  const { inputSchema: own, outputSchema } = schemasOf(
    tool,
    eligible.map((c) => c.variant),
  );
  // With one business `business` is optional and not listed (the check of each call still accepts it);
  // with several it is required (a call without it fails closed, listing the choices).
  const inputSchema =
    !tool.perBusiness || connections.length === 1
      ? own
      : {
          ...own,
          properties: { business: businessArgument(eligible), ...(own.properties ?? {}) },
          required: ['business', ...(own.required ?? [])],
        };
  const listed: Tool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema as Tool['inputSchema'],
    outputSchema: outputSchema as Tool['outputSchema'],
    annotations: listedAnnotations(tool.annotations),
  };
  if (!apps || !tool.card) return listed;
  const withCard: Tool = { ...listed, _meta: { ...appToolMeta(CARD_URIS[tool.card]) } };
  if (tool.card !== 'approval') return withCard;
  return {
    ...withCard,
    inputSchema: withoutConfirm(inputSchema) as Tool['inputSchema'],
    outputSchema: pendingOutput(outputSchema) as Tool['outputSchema'],
  };
}

/**
 * The `tools/list` answers of a server, one for clients that render MCP Apps and one for the rest,
 * each made on its first request (a remote server built for a call never lists). With an approval card
 * in the catalogue, the apps listing adds the card's own `approve_change`.
 */
export function toolListing(
  entries: readonly ToolEntry[],
  connections: readonly BusinessConnection[],
): (apps: boolean) => { tools: Tool[] } {
  const approving = entries.some(({ tool }) => tool.card === 'approval');
  const listings = new Map<boolean, { tools: Tool[] }>();
  return (apps) => {
    let made = listings.get(apps);
    if (!made) {
      const listed = entries.map(({ tool, eligible }) => listedTool(tool, eligible, connections, apps));
      made = { tools: apps && approving ? [...listed, APPROVE_CHANGE_TOOL] : listed };
      listings.set(apps, made);
    }
    return made;
  };
}
