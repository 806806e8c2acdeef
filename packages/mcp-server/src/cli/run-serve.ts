import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io.js';

/** The usage text of `acctkit-mcp serve --help`. */
const SERVE_USAGE = `Usage: acctkit-mcp serve [--port <n>] [--host <host>] [--public-url <url>]

Serves the remote MCP server (OAuth for MCP clients, SQLite storage), configured from ACCTKIT_MCP_*
environment variables; flags win over them. See docs/remote.md of @acctkit/mcp-server.
`;

/**
 * Runs `acctkit-mcp serve`: the remote MCP server on Node, configured from the environment.
 *
 * @param argv - Arguments after `serve`.
 * @param io - Output streams and environment.
 * @returns The exit code of a start-up failure; while serving, the promise stays pending.
 */
export async function runServe(argv: readonly string[], io: CliIo): Promise<number> {
  let values: { port?: string; host?: string; 'public-url'?: string; help?: boolean };
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'public-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    io.stderr.write(
      `acctkit-mcp serve: ${(error as Error).message.split('\n')[0]?.replace(/\.?$/, '.')} Run acctkit-mcp serve --help.\n`,
    );
    return 2;
  }
  if (values.help) {
    io.stdout.write(SERVE_USAGE);
    return 0;
  }
  try {
    // Imported only here: the remote server's storage and OAuth code is not needed by stdio or --http.
    const { startRemoteServerFromEnv } = await import('../remote/node/start-remote-server.js');
    const server = await startRemoteServerFromEnv(io.env, {
      port: values.port === undefined ? undefined : Number(values.port),
      host: values.host,
      publicUrl: values['public-url'],
      // One JSON line per request on stdout, what container log drivers collect; notices stay on stderr.
      requestLog: (record) => io.stdout.write(`${JSON.stringify(record)}\n`),
    });
    io.stderr.write(
      `acctkit-mcp serve: remote MCP server at ${server.mcpUrl} (listening on port ${server.port})\n`,
    );
    const stop = (): void => {
      void server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return await new Promise<number>(() => {});
  } catch (error) {
    // Configuration errors name the variable, never its value.
    io.stderr.write(`acctkit-mcp serve: ${(error as Error).message}\n`);
    return 1;
  }
}
