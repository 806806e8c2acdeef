import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BusinessConnection } from './business-connection.js';
import type { ToolDefinition } from './tool-definition.js';

/** Registers the workflow prompts. */
export function registerPrompts(
  _mcp: McpServer,
  _connections: readonly BusinessConnection[],
  _tools: readonly ToolDefinition[],
): void {}
