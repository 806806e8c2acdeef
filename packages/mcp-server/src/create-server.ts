import { createMemoryStorage } from '@acctkit/token-vault';
import {
  type LoggingLevel,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type Tool,
} from '@modelcontextprotocol/server';
import { APPROVE_CHANGE, approveChange } from './approvals/approve-change.js';
import type { BusinessConnection } from './business-connection.js';
import { CATALOGUE } from './catalogue.js';
import { rendersApps } from './client-capabilities.js';
import { CONNECT_NOT_AVAILABLE, NO_BUSINESS_INSTRUCTIONS, notConnected } from './connections/no-business.js';
import { PACKAGE_VERSION } from './generated/version.js';
import { serverInstructions } from './instructions.js';
import { registerPrompts } from './prompts.js';
import { registerCards, registerResources } from './resources.js';
import type { ServerOptions } from './server-options.js';
import type { RunTool, ToolEntry } from './tool-entry.js';
import { activeTools, toolListing, writable } from './tool-listing.js';
import { errorResult } from './tool-result.js';
import { runTool } from './tool-runner.js';
import { CONNECT_BUSINESS, CONNECT_BUSINESS_TOOL, connectBusiness } from './tools/connect-business.js';

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
  // Grows when connect_business adds a business; the resources read it on each request.
  const connections: BusinessConnection[] = [...options.connections];
  const connector = options.connector;
  if (connections.length === 0 && !connector)
    throw new TypeError('createServer needs at least one business connection, or a connector.');
  const names = new Set(connections.map((c) => c.name));
  if (names.size !== connections.length) throw new TypeError('Connection names must be unique.');
  let tools = activeTools({ ...options, connections });
  const readOnly = !!options.readOnly || writable(connections).length === 0;
  // connect_business is a write of the local server: listed with a connector, unless read-only or
  // narrowed away (DECISIONS MC39).
  const connecting =
    connector !== undefined &&
    !options.readOnly &&
    (!options.toolsets || options.toolsets.includes('business')) &&
    (!options.tools || options.tools.includes(CONNECT_BUSINESS));

  const mcp = new McpServer(
    { name: options.name ?? 'acctkit', version: options.version ?? PACKAGE_VERSION },
    {
      capabilities: {
        logging: {},
        tools: connector ? { listChanged: true } : {},
        resources: {},
        prompts: {},
        completions: {},
      },
      instructions:
        connections.length === 0
          ? NO_BUSINESS_INSTRUCTIONS
          : serverInstructions(connections, tools, readOnly),
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
  let approving = false;
  let listing: (apps: boolean) => { tools: Tool[] } = () => ({ tools: [] });
  // The catalogue for the connections served now: a tool no business may use is not listed.
  const build = (): void => {
    tools = activeTools({ ...options, connections });
    byName.clear();
    for (const tool of tools) {
      const eligible = tool.write ? writable(connections) : connections;
      if (eligible.length > 0 || !tool.perBusiness) byName.set(tool.name, { tool, eligible });
    }
    approving = tools.some((tool) => tool.card === 'approval') && connections.length > 0;
    const listed = toolListing([...byName.values()], connections);
    listing = connecting ? withConnectBusiness(listed) : listed;
  };
  build();
  const approvals = options.approvals ?? createMemoryStorage();
  // The tools are served by the protocol layer's own `tools/list` and `tools/call` (the SDK's
  // low-level path, as `registerTool` is never called): the JSON schemas generated from the spec are
  // listed as built once, and each call's arguments are checked once, against its business's variant.
  mcp.server.setRequestHandler('tools/list', (_request, ctx) => listing(rendersApps(mcp, ctx)));
  // The level a 2025-era client set, for this server's connection (a session over HTTP replays it).
  // Until it sets one it gets no log notifications: the built-in handler keeps no such "unset" state
  // to read (it sends everything until a level is set), so this one records the level itself.
  let logLevel: LoggingLevel | undefined;
  mcp.server.setRequestHandler('logging/setLevel', (request) => {
    logLevel = request.params.level;
    return {};
  });
  const signedIn = { oauthClientId: options.oauthClientId, user: options.user };
  const log = { sink: options.onLog, level: () => logLevel };
  const formsCarried = options.formsCarried !== false;
  const run: RunTool = (entry, args, request, approved) =>
    runTool(
      {
        entry,
        connections,
        request,
        server: mcp,
        signedIn,
        approvals: { storage: approvals, approved },
        log,
        formsCarried,
      },
      args,
    );
  mcp.server.setRequestHandler('tools/call', (request, ctx) => {
    const args = request.params.arguments ?? {};
    if (request.params.name === APPROVE_CHANGE && approving)
      return approveChange(args, ctx, approvals, byName, signedIn, run);
    if (request.params.name === CONNECT_BUSINESS && connector && connecting)
      return connectBusiness(args, ctx, mcp, {
        connector,
        added: async (connection) => {
          const at = connections.findIndex((c) => c.name === connection.name);
          if (at === -1) connections.push(connection);
          else connections[at] = connection;
          build();
          await mcp.sendToolListChanged();
        },
      });
    if (request.params.name === CONNECT_BUSINESS) return errorResult(CONNECT_NOT_AVAILABLE);
    const entry = byName.get(request.params.name);
    const unserved = !entry && CATALOGUE.some((tool) => tool.name === request.params.name);
    if (unserved && connections.length === 0) return errorResult(notConnected(connecting));
    if (!entry)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    return run(entry, args, ctx, undefined);
  });
  registerResources(mcp, connections);
  registerCards(mcp);
  registerPrompts(
    mcp,
    connections,
    tools.filter((tool) => byName.has(tool.name)),
  );
  return mcp;
}

/** A listing with `connect_business` after `list_businesses` (or first, when that is narrowed away). */
function withConnectBusiness(
  listing: (apps: boolean) => { tools: Tool[] },
): (apps: boolean) => { tools: Tool[] } {
  return (apps) => {
    const listed = listing(apps).tools;
    const at = listed.findIndex((tool) => tool.name === 'list_businesses') + 1;
    return { tools: [...listed.slice(0, at), CONNECT_BUSINESS_TOOL, ...listed.slice(at)] };
  };
}
