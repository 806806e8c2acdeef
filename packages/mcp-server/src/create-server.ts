import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  type CallToolResult,
  ListToolsRequestSchema,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { BusinessConnection } from './business-connection.js';
import { businessArgument, selectBusiness } from './business-selection.js';
import { CATALOGUE } from './catalogue.js';
import { serverInstructions } from './instructions.js';
import type { JsonSchema } from './json-schema.js';
import { createLogger, type Logger } from './logger.js';
import { listedPaging } from './paging.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { problemsOf } from './sdk-hooks.js';
import type { ToolContext, ToolDefinition } from './tool-definition.js';
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

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

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

/** The tool as `tools/list` shows it: its own arguments plus `business` where it acts on one. */
function listedTool(
  tool: ToolDefinition,
  eligible: readonly BusinessConnection[],
  connections: readonly BusinessConnection[],
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
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema as Tool['inputSchema'],
    outputSchema: outputSchema as Tool['outputSchema'],
    annotations: tool.annotations,
  };
}

// The SDK's own checks are skipped: arguments are checked by each call against its business's variant
// schema (one zod parse, built once), and results are built here to match their output schema, so the
// SDK re-parsing every page of records against it would be work without a purpose.
const ANY_ARGUMENTS = z.looseObject({});

/**
 * Creates the acctkit MCP server: the tools, resources and prompts for the given businesses. It holds
 * no transport: connect it to stdio, Streamable HTTP or an in-memory pair.
 *
 * @param options - Connections, read-only mode, toolsets and tools to narrow to, name and version.
 * @returns The server, not yet connected.
 * @example
 * ```ts
 * const server = createServer({ connections: [connection], readOnly: true });
 * await server.connect(transport);
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
    },
  );
  const log = createLogger((params) => mcp.sendLoggingMessage(params));
  const listed: Tool[] = [];

  for (const tool of tools) {
    const eligible = tool.write ? writable(connections) : connections;
    listed.push(listedTool(tool, eligible, connections));
    mcp.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: ANY_ARGUMENTS,
        annotations: tool.annotations,
      },
      (args: Record<string, unknown>, extra: Extra) =>
        runTool(tool, args, extra, connections, eligible, mcp, log),
    );
  }
  // `tools/list` answers with the JSON schemas as generated from the spec, built once, rather than
  // the SDK's conversion of zod schemas on every request (which also adds ±2^53 bounds to integers).
  const listResult = { tools: listed };
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => listResult);
  registerResources(mcp, connections);
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
  extra: Extra,
  connections: readonly BusinessConnection[],
  eligible: readonly BusinessConnection[],
  mcp: McpServer,
  log: Logger,
): Promise<CallToolResult> {
  const { business, ...rest } = args;
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
      signal: extra.signal,
      elicit: elicitation(mcp),
      progress: progressReporter(extra),
      log,
    };
    const success = await tool.run(parsed.data as Record<string, unknown>, context);
    return successResult(success);
  } catch (error) {
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

function elicitation(mcp: McpServer): ToolContext['elicit'] {
  const capability = mcp.server.getClientCapabilities()?.elicitation as
    | { form?: object; url?: object }
    | undefined;
  // An empty `elicitation: {}` is the form mode of clients from before modes existed.
  const form = capability && (capability.form !== undefined || capability.url === undefined);
  if (!form) return undefined;
  return (params) => mcp.server.elicitInput({ mode: 'form', ...params });
}

function progressReporter(extra: Extra): ToolContext['progress'] {
  const token = extra._meta?.progressToken;
  return async (progress, total, message) => {
    if (token === undefined) return;
    await extra.sendNotification({
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
