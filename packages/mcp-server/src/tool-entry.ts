import type { CallToolResult, InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import type { BusinessConnection } from './business-connection.js';
import type { ToolDefinition } from './tool-definition.js';

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
