import { createMemoryStorage, type VaultStorage } from '@acctkit/token-vault';
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type InputRequiredResult,
  type LoggingLevel,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import {
  APPROVE_CHANGE,
  APPROVE_CHANGE_TOOL,
  type ApprovalChannel,
  ApprovalNeeded,
  approveChange,
  pendingOutput,
  pendingResult,
} from './approvals.js';
import { APPROVAL_CARD_URI, appToolMeta, CHART_CARD_URI, clientRendersApps } from './apps/cards.js';
import { problemsOf } from './argument-problems.js';
import type { BusinessConnection } from './business-connection.js';
import { businessArgument, selectBusiness } from './business-selection.js';
import { CATALOGUE } from './catalogue.js';
import { serverInstructions } from './instructions.js';
import type { JsonSchema } from './json-schema.js';
import { createLogger, type LogSink, severityOf } from './logger.js';
import { listedPaging } from './paging.js';
import { registerPrompts } from './prompts.js';
import { registerCards, registerResources } from './resources.js';
import { type Caller, InputNeeded, type ToolContext, type ToolDefinition } from './tool-definition.js';
import { failureFromThrown, ToolFailure } from './tool-failure.js';
import { errorResult, successResult } from './tool-result.js';
import {
  shareRepeatedObjects,
  topLevel,
  toZod,
  withoutDescriptions,
  withoutStrictness,
} from './tool-schema.js';
import type { Toolset } from './toolset.js';

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** The businesses to serve (at least one). */
  readonly connections: readonly BusinessConnection[];
  /** Leave every write tool out (default false). Connections with scope `readonly` never get writes. */
  readonly readOnly?: boolean | undefined;
  /** Only tools of these toolsets (default: all). */
  readonly toolsets?: readonly Toolset[] | undefined;
  /** Only these tools, by name (default: all). */
  readonly tools?: readonly string[] | undefined;
  /** Server name in `initialize` (default `acctkit`). */
  readonly name?: string | undefined;
  /** Server version in `initialize` (default `0.0.0`). */
  readonly version?: string | undefined;
  /**
   * Receives every log line of the server, whatever the client's protocol version (stdio writes the
   * warnings and errors to stderr). Clients on 2025-11-25 and older also get them as
   * `notifications/message`, at the level they set.
   */
  readonly onLog?: LogSink | undefined;
  /**
   * The OAuth client id of the signed-in grant, when the server acts for one (the remote server):
   * change journal entries name it beside the MCP client.
   */
  readonly oauthClientId?: string | undefined;
  /** The email of the user who signed in for that grant: change journal entries name them too. */
  readonly user?: string | undefined;
  /**
   * Where changes wait for the user's Approve on an MCP Apps approval card (default: this process's
   * memory). A server that runs on several instances passes shared storage (the remote server does).
   */
  readonly approvals?: VaultStorage | undefined;
  /**
   * Whether the transport can carry a form to a 2025-11-25 client and its answer back (default true).
   * Where the answer may reach another instance than the one that asked (the remote server on
   * Workers), pass false: confirmations then ask for `confirm: true` and say that the form cannot be
   * shown over this connection.
   */
  readonly formsCarried?: boolean | undefined;
}

/** A tool of the active catalogue, as the README's tool table shows it. */
export interface ToolSummary {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly toolset: Toolset;
  readonly write: boolean;
  readonly annotations: ToolDefinition['annotations'];
}

function writable(connections: readonly BusinessConnection[]): BusinessConnection[] {
  return connections.filter((c) => c.scope === 'full_access');
}

/** The tools that `options` leave in the catalogue, in catalogue order. */
function activeTools(
  options: Omit<ServerOptions, 'connections'> & { connections?: readonly BusinessConnection[] },
): ToolDefinition[] {
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
export function listTools(
  options: Omit<ServerOptions, 'connections'> & { connections?: readonly BusinessConnection[] } = {},
): ToolSummary[] {
  return activeTools(options).map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    toolset: tool.toolset,
    write: tool.write,
    annotations: tool.annotations,
  }));
}

type Variant = BusinessConnection['variant'];

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
 * tool may answer `approval_pending` with the card's data in `approval`.
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
    annotations: tool.annotations,
  };
  if (!apps || !tool.card) return listed;
  if (tool.card === 'chart') return { ...listed, _meta: { ...appToolMeta(CHART_CARD_URI) } };
  return {
    ...listed,
    outputSchema: pendingOutput(outputSchema) as Tool['outputSchema'],
    _meta: { ...appToolMeta(APPROVAL_CARD_URI) },
  };
}

/**
 * How long clients on 2026-07-28 may cache a list: the catalogue, prompts and resource lists of a
 * server never change while it runs, record resources change whenever the business edits them.
 */
const LIST_TTL_MS = 60 * 60 * 1000;

/**
 * Creates the acctkit MCP server: the tools, resources and prompts for the given businesses. It holds
 * no transport: connect it to stdio, Streamable HTTP or an in-memory pair.
 *
 * @param options - Connections, read-only mode, toolsets and tools to narrow to, name and version.
 * @returns The server, not yet connected.
 * @example
 * ```ts
 * import { InMemoryTransport } from '@modelcontextprotocol/server';
 * import { createServer } from '@acctkit/mcp-server';
 * import { connectFromEnv } from '@acctkit/mcp-server/node';
 *
 * const server = createServer({ connections: [await connectFromEnv(process.env)], readOnly: true });
 * const [, serverSide] = InMemoryTransport.createLinkedPair(); // or stdio, Streamable HTTP, …
 * await server.connect(serverSide);
 * ```
 */
export function createServer(options: ServerOptions): McpServer {
  const connections = options.connections;
  if (connections.length === 0) throw new TypeError('createServer needs at least one business connection.');
  const names = new Set(connections.map((c) => c.name));
  if (names.size !== connections.length) throw new TypeError('Connection names must be unique.');
  const tools = activeTools(options);
  const readOnly = !!options.readOnly || writable(connections).length === 0;

  const mcp = new McpServer(
    { name: options.name ?? 'acctkit', version: options.version ?? '0.0.0' },
    {
      capabilities: { logging: {}, tools: {}, resources: {}, prompts: {}, completions: {} },
      instructions: serverInstructions(connections, tools, readOnly),
      cacheHints: {
        'server/discover': { ttlMs: LIST_TTL_MS },
        'tools/list': { ttlMs: LIST_TTL_MS },
        'prompts/list': { ttlMs: LIST_TTL_MS },
        'resources/list': { ttlMs: LIST_TTL_MS },
        'resources/templates/list': { ttlMs: LIST_TTL_MS },
      },
    },
  );
  const byName = new Map<string, ToolEntry>();
  for (const tool of tools)
    byName.set(tool.name, { tool, eligible: tool.write ? writable(connections) : connections });
  const approvals = options.approvals ?? createMemoryStorage();
  const approving = tools.some((tool) => tool.card === 'approval');
  // The tools are served by the protocol layer's own `tools/list` and `tools/call` (the SDK's
  // low-level path, as `registerTool` is never called): the JSON schemas generated from the spec are
  // listed as built once, and each call's arguments are checked once, against its business's variant.
  // Each listing is made on its first `tools/list` (a remote server built for a call never lists), the
  // one with the cards only for a client that renders them.
  const listings = new Map<boolean, { tools: Tool[] }>();
  const listing = (apps: boolean): { tools: Tool[] } => {
    let made = listings.get(apps);
    if (!made) {
      const listed = [...byName.values()].map(({ tool, eligible }) =>
        listedTool(tool, eligible, connections, apps),
      );
      made = { tools: apps && approving ? [...listed, APPROVE_CHANGE_TOOL] : listed };
      listings.set(apps, made);
    }
    return made;
  };
  mcp.server.setRequestHandler('tools/list', (_request, ctx) => listing(rendersApps(mcp, ctx)));
  // The level a 2025-era client set, for this server's connection (a session over HTTP replays it).
  // Until it sets one it gets no log notifications: the built-in handler keeps no such "unset" state
  // to read (it sends everything until a level is set), so this one records the level itself.
  let logLevel: LoggingLevel | undefined;
  mcp.server.setRequestHandler('logging/setLevel', (request) => {
    logLevel = request.params.level;
    return {};
  });
  const run: RunTool = (entry, args, ctx, approved) =>
    runTool(entry.tool, args, ctx, connections, entry.eligible, mcp, options, () => logLevel, {
      storage: approvals,
      approved,
    });
  mcp.server.setRequestHandler('tools/call', (request, ctx) => {
    const args = request.params.arguments ?? {};
    if (request.params.name === APPROVE_CHANGE && approving)
      return approveChange(args, ctx, approvals, byName, options, run);
    const entry = byName.get(request.params.name);
    if (!entry)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return run(entry, args, ctx, undefined);
  });
  registerResources(mcp, connections);
  registerCards(mcp);
  registerPrompts(mcp, connections, tools);
  return mcp;
}

const variantSchemas = new WeakMap<ToolDefinition, Map<string, z.ZodType>>();

/** The zod schema of a tool's arguments for one variant, built once. */
function variantSchema(tool: ToolDefinition, variant: Variant): z.ZodType {
  let byVariant = variantSchemas.get(tool);
  if (!byVariant) {
    byVariant = new Map();
    variantSchemas.set(tool, byVariant);
  }
  let schema = byVariant.get(variant);
  if (!schema) {
    schema = toZod(topLevel(tool.input([variant])));
    byVariant.set(variant, schema);
  }
  return schema;
}

async function runTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  ctx: ServerContext,
  connections: readonly BusinessConnection[],
  eligible: readonly BusinessConnection[],
  mcp: McpServer,
  options: Pick<ServerOptions, 'oauthClientId' | 'user' | 'onLog' | 'formsCarried'>,
  logLevel: () => LoggingLevel | undefined,
  approvals: ApprovalChannel,
): Promise<CallToolResult | InputRequiredResult> {
  const { business, ...rest } = args;
  // 2026-07-28 deprecates logging: only clients on an older version get log notifications, and only
  // at or above the level they set.
  const legacy = ctx.mcpReq.envelope === undefined;
  const log = createLogger((params) => {
    options.onLog?.(params);
    const threshold = logLevel();
    return legacy && threshold !== undefined && severityOf(params.level) >= severityOf(threshold)
      ? ctx.mcpReq.log(params.level, params.data, params.logger)
      : Promise.resolve();
  });
  let connection: BusinessConnection | undefined;
  try {
    connection = tool.perBusiness
      ? selectBusiness(business, connections, eligible, tool.name)
      : (connections[0] as BusinessConnection);
    // The listed schema is the union of the connected variants; this business's own variant decides.
    const own = variantSchema(tool, connection.variant);
    const parsed = own.safeParse(rest);
    if (!parsed.success)
      throw new ToolFailure({
        code: 'INVALID_ARGUMENTS',
        message: `Some arguments are not valid for business '${connection.name}' (${connection.variant}). Fix the fields listed and call ${tool.name} again.`,
        business: connection.name,
        fields: problemsOf(parsed.error, tool.perBusiness ? connection.variant : undefined),
      });
    const context: ToolContext = {
      connection,
      connections,
      signal: ctx.mcpReq.signal,
      ...formsOf(mcp, ctx, options.formsCarried !== false),
      progress: progressReporter(ctx),
      log,
      caller: callerOf(mcp, ctx, options),
      call: { tool: tool.name, arguments: parsed.data as Record<string, unknown> },
      // A call the card approved runs with the approval even if the card's host left the capability out.
      ...((approvals.approved !== undefined || rendersApps(mcp, ctx)) && { approvals }),
    };
    const success = await tool.run(parsed.data as Record<string, unknown>, context);
    return successResult(success);
  } catch (error) {
    if (error instanceof InputNeeded) return error.result;
    if (error instanceof ApprovalNeeded) return pendingResult(error);
    const failure =
      error instanceof ToolFailure
        ? error
        : connection
          ? failureFromThrown(connection, error)
          : new ToolFailure({
              code: 'INTERNAL_ERROR',
              message: 'The server failed. Try again; if it persists, report it.',
            });
    log.log(failure.body.code === 'INTERNAL_ERROR' ? 'error' : 'warning', `${tool.name} failed`, {
      code: failure.body.code,
      ...(connection ? { business: connection.name } : {}),
      ...(failure.body.code === 'INTERNAL_ERROR' && error instanceof Error ? { cause: error.message } : {}),
    });
    return errorResult(failure.body);
  }
}

/**
 * The form channel of a call, when the client can show forms, or why it cannot: on 2026-07-28 the
 * capabilities come with each request, on older versions from `initialize` (and the SDK sends the form
 * as an `elicitation/create` request on the call's stream). An empty `elicitation: {}` is the form mode
 * of clients from before modes existed. A 2025-era request that reaches a server with no `initialize`
 * (HTTP without a session), or a transport that cannot bring the answer back, has no form to offer
 * whatever the client can do.
 */
function formsOf(
  mcp: McpServer,
  ctx: ServerContext,
  carried: boolean,
): Pick<ToolContext, 'form' | 'formUnavailable'> {
  const legacy = ctx.mcpReq.envelope === undefined;
  const capabilities = capabilitiesOf(mcp, ctx);
  if (capabilities === undefined) return { form: undefined, formUnavailable: 'transport' };
  const capability = capabilities.elicitation as { form?: object; url?: object } | undefined;
  const form = capability && (capability.form !== undefined || capability.url === undefined);
  if (!form) return { form: undefined, formUnavailable: 'client' };
  if (legacy && !carried) return { form: undefined, formUnavailable: 'transport' };
  return { form: { responses: ctx.mcpReq.inputResponses } };
}

/** The client's capabilities: with each request on 2026-07-28, from `initialize` on older versions. */
function capabilitiesOf(mcp: McpServer, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope
    ? (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
    : mcp.server.getClientCapabilities();
}

/** Whether the client renders MCP Apps (the UI extension with the MCP Apps HTML type). */
function rendersApps(mcp: McpServer, ctx: ServerContext): boolean {
  return clientRendersApps(capabilitiesOf(mcp, ctx));
}

/** A tool of the server and the businesses it may act on. */
export interface ToolEntry {
  readonly tool: ToolDefinition;
  readonly eligible: readonly BusinessConnection[];
}

/** Runs a tool's call; `approved` is the digest of what an approval card showed, when it runs from one. */
export type RunTool = (
  entry: ToolEntry,
  args: Record<string, unknown>,
  ctx: ServerContext,
  approved: string | undefined,
) => Promise<CallToolResult | InputRequiredResult>;

/**
 * Who is calling: the client's `clientInfo` (with each request on 2026-07-28, from `initialize` on
 * older versions), and the OAuth client and signed-in user the server acts for.
 */
function callerOf(
  mcp: McpServer,
  ctx: ServerContext,
  { oauthClientId, user }: Pick<ServerOptions, 'oauthClientId' | 'user'>,
): Caller {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const info = (envelope ? envelope[CLIENT_INFO_META_KEY] : mcp.server.getClientVersion()) as
    | { name?: unknown; version?: unknown }
    | undefined;
  const client =
    typeof info?.name === 'string'
      ? {
          name: info.name.slice(0, 100),
          ...(typeof info.version === 'string' && { version: info.version.slice(0, 50) }),
        }
      : undefined;
  return {
    ...(client && { client }),
    ...(oauthClientId !== undefined && { oauthClientId }),
    ...(user !== undefined && { user }),
  };
}

function progressReporter(ctx: ServerContext): ToolContext['progress'] {
  const token = ctx.mcpReq._meta?.progressToken;
  return async (progress, total, message) => {
    if (token === undefined) return;
    await ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: {
        progressToken: token,
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      },
    });
  };
}
