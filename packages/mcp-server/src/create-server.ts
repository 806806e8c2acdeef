import { createMemoryStorage } from '@acctkit/token-vault';
import { type LoggingLevel, McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { APPROVE_CHANGE, approveChange } from './approvals/approve-change.js';
import { rendersApps } from './client-capabilities.js';
import { PACKAGE_VERSION } from './generated/version.js';
import { serverInstructions } from './instructions.js';
import { registerPrompts } from './prompts.js';
import { registerCards, registerResources } from './resources.js';
import type { ServerOptions } from './server-options.js';
import type { RunTool, ToolEntry } from './tool-entry.js';
import { activeTools, toolListing, writable } from './tool-listing.js';
import { runTool } from './tool-runner.js';

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
    { name: options.name ?? 'acctkit', version: options.version ?? PACKAGE_VERSION },
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
  const listing = toolListing([...byName.values()], connections);
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
