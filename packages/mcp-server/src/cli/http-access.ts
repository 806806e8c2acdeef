import { readFileSync } from 'node:fs';
import { ConnectionError } from '../connections/connection-error.js';
import { checkBearerToken } from '../http/bearer-guard.js';
import { isLoopbackHost } from '../http/loopback-host.js';
import type { CliOptions } from './parse-args.js';

/** The environment variable that can hold the bearer token of `acctkit-mcp --http`. */
export const HTTP_TOKEN_VARIABLE = 'ACCTKIT_MCP_HTTP_TOKEN';

/**
 * Decides who may call `acctkit-mcp --http`: loopback hosts only, unless `--allow-remote` comes with a
 * bearer token from `--token-file` or {@link HTTP_TOKEN_VARIABLE} (never from an argument, which other
 * users of the machine can read in `ps`). A token given on loopback is required there too.
 *
 * @param options - The parsed command line.
 * @param env - The environment to read the token variable from.
 * @returns The bearer token every request must carry, or `undefined` for none.
 * @throws ConnectionError `INVALID_ARGUMENT` for a network host without `--allow-remote`, `--allow-remote`
 *   without a token, an unreadable or empty token file, or a token shorter than 32 characters.
 */
export function httpBearerToken(
  options: Pick<CliOptions, 'http' | 'host' | 'allowRemote' | 'tokenFile'>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (!options.http && (options.allowRemote || options.tokenFile !== undefined))
    throw new ConnectionError('INVALID_ARGUMENT', '--allow-remote and --token-file go with --http only.');
  if (!options.http) return undefined;
  if (!options.allowRemote && !isLoopbackHost(options.host))
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `--host ${options.host} can be reached from the network, and this server reads and writes your accounting data. ` +
        'Bind a loopback host (127.0.0.1, ::1, localhost), or pass --allow-remote with a bearer token in ' +
        `--token-file <path> (or ${HTTP_TOKEN_VARIABLE}) that every request must send.`,
    );
  const token =
    options.tokenFile === undefined
      ? env[HTTP_TOKEN_VARIABLE]?.trim() || undefined
      : readToken(options.tokenFile);
  if (token === undefined) {
    if (options.allowRemote)
      throw new ConnectionError(
        'INVALID_ARGUMENT',
        `--allow-remote needs a bearer token: write one of at least 32 characters to a file and pass --token-file <path>, or set ${HTTP_TOKEN_VARIABLE}.`,
      );
    return undefined;
  }
  checkBearerToken(token);
  return token;
}

function readToken(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new ConnectionError(
      'INVALID_ARGUMENT',
      `Cannot read --token-file ${path} (${(cause as NodeJS.ErrnoException).code ?? 'error'}).`,
      { cause },
    );
  }
  // A trailing newline (echo … > file) is not part of the token.
  const token = text.trim();
  if (token === '') throw new ConnectionError('INVALID_ARGUMENT', `--token-file ${path} is empty.`);
  return token;
}
