import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import type { TokenSet } from '../token-store.js';
import { ConnectionStoreError } from './connection-store-error.js';
import { writeAtomic } from './write-atomic.js';

/** One connected business, as the connection file keeps it. */
export interface StoredConnection {
  /** The name the user gave it (`acctkit login --name`); letters, digits, `.`, `_`, `-`. */
  readonly name: string;
  /** The API host the tokens and data calls go to, for example `https://api.accounting.example`. */
  readonly baseUrl: string;
  /** The authorization host (`{authUrl}/oauth2/auth`). */
  readonly authUrl: string;
  /** The app registration's `client_id`; its secrets are never stored here. */
  readonly clientId: string;
  /** The business's two-letter country from the authorization callback, lower case. */
  readonly country: string;
  /** The variant the country selects. */
  readonly variant: 'de' | 'pt';
  /** The connected business's id. */
  readonly businessId: number;
  /** The connected business's name. */
  readonly businessName: string;
  /** The granted scope. */
  readonly scope: 'readonly' | 'full_access';
  /** The current tokens; rotated by every refresh. */
  readonly tokens: TokenSet;
  /** When the connection was made, ISO 8601. */
  readonly createdAt: string;
}

/** The file's shape: a version, so that a later format can be told apart, and the connections. */
interface ConnectionFile {
  readonly version: 1;
  readonly connections: readonly StoredConnection[];
}

/**
 * The default connection file: `$ACCTKIT_CONNECTIONS_FILE`, else
 * `$XDG_CONFIG_HOME/acctkit/connections.json`, else `~/.config/acctkit/connections.json`.
 *
 * @param env - The environment to read (default `process.env`).
 * @returns The absolute path.
 * @example
 * ```ts
 * import { defaultConnectionsFile } from '@acctkit/client/node';
 * defaultConnectionsFile(); // '/home/ann/.config/acctkit/connections.json'
 * ```
 */
export function defaultConnectionsFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ACCTKIT_CONNECTIONS_FILE) return env.ACCTKIT_CONNECTIONS_FILE;
  return join(configHome(env), 'acctkit', 'connections.json');
}

/**
 * The XDG configuration folder: `$XDG_CONFIG_HOME` when it is an absolute path (the XDG Base
 * Directory rules ignore a relative one), else `~/.config`.
 */
export function configHome(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CONFIG_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config');
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Throws `invalid_name` unless `name` is 1–64 letters, digits, `.`, `_`, `-`, starting with a letter or
 * digit: the rule for connection names, and so for the files named after them beside the store.
 *
 * @param file - The connection file, named in the error.
 * @param name - The connection's name.
 * @throws ConnectionStoreError `invalid_name`.
 * @example
 * ```ts
 * import { checkConnectionName, defaultConnectionsFile } from '@acctkit/client/node';
 * checkConnectionName(defaultConnectionsFile(), 'de'); // passes; '../x' throws
 * ```
 */
export function checkConnectionName(file: string, name: string): void {
  if (!NAME.test(name))
    throw new ConnectionStoreError(
      'invalid_name',
      file,
      `'${name.slice(0, 70)}' is not a valid connection name: use 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit.`,
    );
}

/** Reads the file: `[]` when it does not exist; `unreadable` or `corrupt` errors name the file. */
export async function readConnections(file: string): Promise<StoredConnection[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ENOENT') return [];
    throw new ConnectionStoreError(
      'unreadable',
      file,
      `Cannot read the connection file ${file} (${(cause as { code?: string }).code ?? 'error'}); check its permissions.`,
      { cause },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw corrupt(file, 'it is not JSON', cause);
  }
  const data = parsed as Partial<ConnectionFile> | null;
  if (!data || typeof data !== 'object' || data.version !== 1 || !Array.isArray(data.connections))
    throw corrupt(file, 'it has no "version": 1 and "connections" list');
  data.connections.forEach((c, i) => {
    const problem = connectionProblem(c);
    if (problem) throw corrupt(file, `connection ${i + 1} ${problem}`);
  });
  return [...data.connections];
}

function corrupt(file: string, why: string, cause?: unknown): ConnectionStoreError {
  return new ConnectionStoreError(
    'corrupt',
    file,
    `The connection file ${file} is damaged (${why}); it was left untouched. Repair it, or move it away and run \`acctkit login\` again.`,
    { cause },
  );
}

/** What is wrong with one stored connection, or `undefined` when nothing is. Never quotes a value. */
function connectionProblem(value: unknown): string | undefined {
  const c = value as Partial<Record<keyof StoredConnection, unknown>> | null;
  if (!c || typeof c !== 'object') return 'is not an object';
  for (const key of [
    'name',
    'baseUrl',
    'authUrl',
    'clientId',
    'country',
    'businessName',
    'createdAt',
  ] as const)
    if (typeof c[key] !== 'string') return `has no string "${key}"`;
  if (c.variant !== 'de' && c.variant !== 'pt') return 'has no "variant" de or pt';
  if (typeof c.businessId !== 'number') return 'has no number "businessId"';
  if (c.scope !== 'readonly' && c.scope !== 'full_access') return 'has no "scope" readonly or full_access';
  const t = c.tokens as Partial<Record<keyof TokenSet, unknown>> | null | undefined;
  if (
    !t ||
    typeof t.accessToken !== 'string' ||
    typeof t.refreshToken !== 'string' ||
    typeof t.expiresAt !== 'number'
  )
    return 'has no "tokens" with accessToken, refreshToken and expiresAt';
  return undefined;
}

/**
 * Replaces the file atomically: a temporary file with mode 0600 in the same folder, then a rename, so
 * a reader sees the old or the new file, never half of one. The folder is made with mode 0700.
 */
export async function writeConnections(
  file: string,
  connections: readonly StoredConnection[],
): Promise<void> {
  const data: ConnectionFile = { version: 1, connections };
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
  } catch (cause) {
    throw new ConnectionStoreError(
      'unwritable',
      file,
      `Cannot write the connection file ${file} (${(cause as { code?: string }).code ?? 'error'}); check its folder and permissions.`,
      { cause },
    );
  }
}
