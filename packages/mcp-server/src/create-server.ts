import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { BusinessConnection } from './business-connection.js';
import { businessArgument, selectBusiness } from './business-selection.js';
import { CATALOGUE } from './catalogue.js';
import { serverInstructions } from './instructions.js';
import type { JsonSchema } from './json-schema.js';
import { createLogger, type Logger } from './logger.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { listSchemasAsGenerated, problemsOf, structureValidationErrors } from './sdk-hooks.js';
import type { ToolContext, ToolDefinition } from './tool-definition.js';
import { failureFromThrown, ToolFailure } from './tool-failure.js';
import { errorResult, successResult } from './tool-result.js';
import { shareRepeatedObjects, topLevel, toZod, withoutDescriptions } from './tool-schema.js';
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

/** The tool's full input schema: its own arguments plus `business` where it acts on one. */
function inputSchemaOf(
  tool: ToolDefinition,
  eligible: readonly BusinessConnection[],
  connections: readonly BusinessConnection[],
): JsonSchema {
  // Unknown arguments are refused by the per-variant check of each call, which names the variant.
  const {
    description: _d,
    additionalProperties: _a,
    ...own
  } = shareRepeatedObjects(topLevel(tool.input([...new Set(eligible.map((c) => c.variant))])));
  // With one business `business` is optional and not listed (the check of each call still accepts it).
  if (!tool.perBusiness || connections.length === 1) return own;
  return { ...own, properties: { business: businessArgument(eligible), ...(own.properties ?? {}) } };
}

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
  const schemas = new Map<string, z.ZodType>();
  const listed = new Map<string, { inputSchema: JsonSchema; outputSchema: JsonSchema }>();

  for (const tool of tools) {
    const eligible = tool.write ? writable(connections) : connections;
    const inputSchema = inputSchemaOf(tool, eligible, connections);
    const zodInput = toZod(inputSchema);
    const outputSchema = withoutDescriptions(tool.output([...new Set(eligible.map((c) => c.variant))]));
    schemas.set(tool.name, zodInput);
    listed.set(tool.name, { inputSchema, outputSchema });
    mcp.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: zodInput as z.ZodObject,
        outputSchema: toZod(outputSchema) as z.ZodObject,
        annotations: tool.annotations,
      },
      (args: Record<string, unknown>, extra: Extra) =>
        runTool(tool, args, extra, connections, eligible, mcp, log),
    );
  }
  structureValidationErrors(mcp, schemas);
  listSchemasAsGenerated(mcp, listed);
  registerResources(mcp, connections);
  registerPrompts(mcp, connections, tools);
  return mcp;
}

const variantSchemas = new WeakMap<ToolDefinition, Map<string, z.ZodType>>();

/** The zod schema of a tool's arguments for one variant, built once. */
function variantSchema(tool: ToolDefinition, variant: BusinessConnection['variant']): z.ZodType {
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
