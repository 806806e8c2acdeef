import { serveStdio as serveStdioEntry } from '@modelcontextprotocol/server/stdio';
import { createServer } from '../create-server.js';
import type { LogEntry } from '../logger.js';
import type { ServerOptions } from '../server-options.js';

/** Options of {@link serveStdio}: the server's, and where its log goes. */
export interface StdioOptions extends ServerOptions {
  /** Where the server's log lines are written (default `process.stderr`); `null` for nowhere. */
  readonly stderr?: { write(text: string): unknown } | null | undefined;
}

/** One log line for stderr; its data is already redacted by the server's logger. */
function logLine(entry: LogEntry): string {
  const data = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
  return `acctkit-mcp: [${entry.level}] ${data}\n`;
}

/** Levels written to stderr: what needs a look, not every record created. */
const STDERR_LEVELS = new Set(['warning', 'error', 'critical', 'alert', 'emergency']);

/**
 * Serves the acctkit MCP server over stdin/stdout until stdin ends: MCP 2026-07-28 to clients that
 * open with `server/discover`, and 2025-11-25 (or older) to clients that open with `initialize`. Only
 * protocol messages go to stdout; warnings and errors go to stderr, where MCP hosts keep a server's
 * log (clients on older versions also get every log line at the level they set).
 *
 * @param options - The server's options, and where to write its log (default stderr).
 * @returns Resolves once stdin has ended and the server is closed.
 * @example
 * ```ts
 * import { loadConnections, serveStdio } from '@acctkit/mcp-server/node';
 * await serveStdio({ connections: (await loadConnections()).connections });
 * ```
 */
export async function serveStdio(options: StdioOptions): Promise<void> {
  const { stderr: target, ...serverOptions } = options;
  const stderr = target === undefined ? process.stderr : target;
  const ended = new Promise<void>((resolve) => {
    process.stdin.once('end', () => resolve());
    process.stdin.once('close', () => resolve());
  });
  const handle = serveStdioEntry(() =>
    createServer({
      ...serverOptions,
      ...(stderr && {
        onLog: (entry: LogEntry) => {
          serverOptions.onLog?.(entry);
          if (STDERR_LEVELS.has(entry.level)) stderr.write(logLine(entry));
        },
      }),
    }),
  );
  await ended;
  await handle.close();
}
