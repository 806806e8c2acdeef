import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves one MCP server over stdin/stdout until stdin ends. Only protocol messages go to stdout.
 *
 * @param server - The server to connect.
 * @returns Resolves once the transport has closed.
 */
export async function serveStdio(server: McpServer): Promise<void> {
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  // The SDK's stdio transport does not notice the end of stdin; the client closing it ends the session.
  process.stdin.once('end', () => void server.close());
  await closed;
}
