import type { BusinessConnector } from '../business-connector.js';
import { ConnectionError } from '../connections/connection-error.js';
import { loadConnections } from '../connections/load-connections.js';
import { PACKAGE_VERSION } from '../generated/version.js';
import type { Toolset } from '../toolset.js';
import { isToolset, TOOLSETS } from '../toolset.js';
import type { CliIo } from './cli-io.js';
import { httpBearerToken } from './http-access.js';
import { type CliOptions, parseCliArgs, USAGE } from './parse-args.js';
import { serveStdio } from './serve-stdio.js';

function toolsetsOf(names: string[] | undefined): Toolset[] | undefined {
  if (names === undefined) return undefined;
  const unknown = names.filter((n) => !isToolset(n));
  if (unknown.length > 0)
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `Unknown toolset ${unknown.map((n) => `'${n.slice(0, 40)}'`).join(', ')}; choose from ${TOOLSETS.join(', ')}.`,
    );
  return names as Toolset[];
}

/**
 * Runs `acctkit-mcp`: parses the arguments, loads the connections and serves stdio (default) or HTTP;
 * `acctkit-mcp serve …` runs the remote server instead.
 *
 * @param argv - Arguments after the script.
 * @param io - Output streams and environment (default the process's).
 * @returns The exit code once stdio ends; in HTTP mode the promise stays pending while serving.
 */
export async function runCli(
  argv: readonly string[] = process.argv.slice(2),
  io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env },
): Promise<number> {
  if (argv[0] === 'serve') {
    const { runServe } = await import('./run-serve.js');
    return runServe(argv.slice(1), io);
  }
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    io.stderr.write(`acctkit-mcp: ${(error as Error).message}\n`);
    return 2;
  }
  if (options.help) {
    // Help is asked for by a person, never by an MCP client: stdout is free.
    io.stdout.write(USAGE);
    return 0;
  }
  if (options.version) {
    io.stdout.write(`${PACKAGE_VERSION}\n`);
    return 0;
  }
  try {
    // Before any connection is loaded: a refused host or token costs nothing.
    const bearerToken = httpBearerToken(options, io.env);
    const selection = {
      name: 'acctkit',
      version: PACKAGE_VERSION,
      readOnly: options.readOnly,
      toolsets: toolsetsOf(options.toolsets),
      tools: options.tools,
    };
    if (options.http) {
      // Imported only here: stdio start-up does not pay for Hono and the HTTP transport.
      const { startHttpServer } = await import('../http/start-http-server.js');
      const server = await startHttpServer({
        ...selection,
        sandbox: options.sandbox,
        env: io.env,
        port: options.port,
        host: options.host,
        bearerToken,
      });
      io.stderr.write(
        `acctkit-mcp: serving ${server.connections.map((c) => c.name).join(', ')} over Streamable HTTP at ${server.url}${bearerToken === undefined ? '' : ' (Authorization: Bearer <token> required)'}\n`,
      );
      const stop = (): void => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return await new Promise<number>(() => {});
    }
    const loaded = await loadConnections({ sandbox: options.sandbox, env: io.env }).catch(
      (error: unknown) => {
        // Over stdio the chat can connect a business (connect_business): start with none.
        if (error instanceof ConnectionError && error.code === 'NO_CONNECTIONS') return undefined;
        throw error;
      },
    );
    // The sandbox serves its own demo businesses; any other start-up can add one from the chat.
    // Imported on the first sign-in: a start-up does not load the OAuth and file-store code for it.
    const connector: BusinessConnector | undefined = options.sandbox
      ? undefined
      : {
          begin: async (request) => {
            const { createBusinessConnector } = await import('../connections/create-business-connector.js');
            return createBusinessConnector({ env: io.env }).begin(request);
          },
        };
    if (!loaded) {
      io.stderr.write(
        'acctkit-mcp: no business is connected yet; serving over stdio with connect_business, which signs in to one from the chat.\n',
      );
      await serveStdio({ ...selection, connections: [], connector, stderr: io.stderr });
      return 0;
    }
    io.stderr.write(
      `acctkit-mcp: serving ${loaded.connections.map((c) => c.name).join(', ')} (${loaded.source}) over stdio\n`,
    );
    const { start } = loaded;
    if (start) {
      // The in-process sandbox starts once the first request has been answered (its reply is written
      // before the event loop reaches setImmediate), and a sandbox that cannot start still ends the
      // process with its reason, as it did when it started first.
      process.stdin.once('data', () =>
        setImmediate(() =>
          start().catch((error: unknown) => {
            io.stderr.write(`acctkit-mcp: ${(error as Error).message}\n`);
            process.exit(1);
          }),
        ),
      );
    }
    await serveStdio({ ...selection, connections: loaded.connections, connector, stderr: io.stderr });
    await loaded.close();
    return 0;
  } catch (error) {
    if (error instanceof ConnectionError) {
      io.stderr.write(`acctkit-mcp: ${error.message}\n`);
      return error.code === 'INVALID_ARGUMENT' ? 2 : 1;
    }
    if ((error as { code?: unknown }).code === 'EADDRINUSE') {
      io.stderr.write(
        `acctkit-mcp: port ${options.port} on ${options.host} is in use; choose another with --port.\n`,
      );
      return 1;
    }
    // acctkit's coded errors never carry a secret in their message (house rule), so it can be shown.
    io.stderr.write(`acctkit-mcp: could not start (${(error as Error).name}: ${(error as Error).message})\n`);
    return 1;
  }
}
