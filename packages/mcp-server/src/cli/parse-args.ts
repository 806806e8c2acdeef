import { parseArgs } from 'node:util';
import { ConnectionError } from '../connections/connection-error.js';
import { TOOLSETS } from '../toolset.js';

/** What the command line asks for. */
export interface CliOptions {
  /** Serve Streamable HTTP instead of stdio. */
  readonly http: boolean;
  /** HTTP port (default 3001). */
  readonly port: number;
  /** HTTP host to bind (default `127.0.0.1`). */
  readonly host: string;
  /** Serve a host reachable from the network (needs a bearer token). */
  readonly allowRemote: boolean;
  /** A file holding the bearer token of the HTTP endpoint. */
  readonly tokenFile: string | undefined;
  /** Serve an in-process sandbox's demo businesses. */
  readonly sandbox: boolean;
  /** Leave every write tool out. */
  readonly readOnly: boolean;
  /** Toolsets to keep, or `undefined` for all. */
  readonly toolsets: string[] | undefined;
  /** Tools to keep, or `undefined` for all. */
  readonly tools: string[] | undefined;
  /** Print the usage and exit. */
  readonly help: boolean;
  /** Print the version and exit. */
  readonly version: boolean;
}

/** The usage text of `acctkit-mcp --help`; its toolsets come from {@link TOOLSETS}, so none is left out. */
export const USAGE: string = `Usage: acctkit-mcp [options]
       acctkit-mcp serve [--port <n>] [--host <host>] [--public-url <url>]   (the remote server)

Serves the accounting service to MCP clients: over stdio by default, or Streamable HTTP with --http.

Options:
  --sandbox            Serve an in-process sandbox with both demo businesses (de, pt); no account needed
  --http               Serve Streamable HTTP at /mcp instead of stdio
  --port <n>           HTTP port (default 3001)
  --host <host>        HTTP host to bind (default 127.0.0.1). Loopback only (127.0.0.0/8, ::1, localhost)
                       unless --allow-remote is given
  --allow-remote       Allow a --host reachable from the network (0.0.0.0, a LAN address); needs a bearer
                       token that every request must send as Authorization: Bearer <token>
  --token-file <path>  Read that token (at least 32 characters) from this file; or set
                       ACCTKIT_MCP_HTTP_TOKEN. A token given on loopback is required there too
  --read-only          Leave every write tool out of the catalogue
  --toolsets <a,b>     Keep only these toolsets: ${TOOLSETS.join(', ')}
  --tools <a,b>        Keep only these tools (for example list_contacts,get_contact)
  -h, --help           Print this help
  -v, --version        Print the version

Without --sandbox the server serves the connections of \`acctkit login\` (ACCTKIT_CONNECTIONS_FILE or the
default store; ACCTKIT_CONNECTIONS=a,b serves only those names), or one business from ACCTKIT_BASE_URL,
ACCTKIT_CLIENT_ID, ACCTKIT_CLIENT_SECRET, ACCTKIT_SIGNING_SECRET, ACCTKIT_ACCESS_TOKEN, ACCTKIT_REFRESH_TOKEN
and ACCTKIT_COUNTRY.
`;

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Parses the command line of `acctkit-mcp` with `node:util` `parseArgs` (strict: unknown options fail).
 *
 * @param argv - The arguments after the script (default `process.argv.slice(2)`).
 * @returns The options.
 * @throws ConnectionError `INVALID_ARGUMENT` for unknown options or a bad port.
 */
export function parseCliArgs(argv: readonly string[] = process.argv.slice(2)): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (cause) {
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `${(cause as Error).message.split('\n')[0]?.replace(/\.?$/, '.')} Run acctkit-mcp --help for the options.`,
      { cause },
    );
  }
  if (values.token !== undefined)
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      '--token is not accepted: other users can read arguments in ps. Pass --token-file <path> or set ACCTKIT_MCP_HTTP_TOKEN.',
    );
  const port = values.port === undefined ? 3001 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConnectionError('INVALID_ARGUMENT', '--port must be an integer from 0 to 65535.');
  return {
    http: values.http ?? false,
    port,
    host: values.host ?? '127.0.0.1',
    allowRemote: values['allow-remote'] ?? false,
    tokenFile: values['token-file'],
    sandbox: values.sandbox ?? false,
    readOnly: values['read-only'] ?? false,
    toolsets: list(values.toolsets),
    tools: list(values.tools),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      http: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allow-remote': { type: 'boolean' },
      'token-file': { type: 'string' },
      // Refused with what to use instead: a token in an argument shows in ps.
      token: { type: 'string' },
      sandbox: { type: 'boolean' },
      'read-only': { type: 'boolean' },
      toolsets: { type: 'string' },
      tools: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
