import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  /** Where log lines sent to the client are also written (default `process.stderr`); `null` for nowhere. */
  readonly stderr?: { write(text: string): unknown } | null | undefined;
}

/** One log notification as a stderr line; its data is already redacted by the server's logger. */
function logLine(params: LoggingMessageNotification['params']): string {
  const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
  return `acctkit-mcp: [${params.level}] ${data}\n`;
}

/**
 * Serves one MCP server over stdin/stdout until stdin ends. Only protocol messages go to stdout; every
 * log line the client receives (at the level it set with `logging/setLevel`) is also written to stderr,
 * where MCP hosts keep a server's log.
 *
 * @param server - The server to connect.
 * @param options - Where to mirror log lines (default stderr).
 * @returns Resolves once the transport has closed.
 * @example
 * ```ts
 * import { createServer } from '@acctkit/mcp-server';
 * import { loadConnections, serveStdio } from '@acctkit/mcp-server/node';
 * await serveStdio(createServer({ connections: (await loadConnections()).connections }));
 * ```
 */
export async function serveStdio(server: McpServer, options: StdioOptions = {}): Promise<void> {
  const stderr = options.stderr === undefined ? process.stderr : options.stderr;
  if (stderr) {
    // Log notifications pass the client's level filter before they reach notification(), so this
    // mirrors exactly what the client receives.
    const inner = server.server;
    const notify = inner.notification.bind(inner);
    inner.notification = (notification, notificationOptions) => {
      if (notification.method === 'notifications/message')
        stderr.write(logLine(notification.params as LoggingMessageNotification['params']));
      return notify(notification, notificationOptions);
    };
  }
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  // The SDK's stdio transport does not notice the end of stdin; the client closing it ends the session.
  process.stdin.once('end', () => void server.close());
  await closed;
}
