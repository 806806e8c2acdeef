import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { clientRendersApps } from './apps/cards.js';

/** The client's capabilities: with each request on 2026-07-28, from `initialize` on older versions. */
export function capabilitiesOf(mcp: McpServer, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return envelope
    ? (envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
    : mcp.server.getClientCapabilities();
}

/** Whether the client renders MCP Apps (the UI extension with the MCP Apps HTML type). */
export function rendersApps(mcp: McpServer, ctx: ServerContext): boolean {
  return clientRendersApps(capabilitiesOf(mcp, ctx));
}
