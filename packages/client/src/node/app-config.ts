import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfigError } from './app-config-error.js';
import { configHome } from './connection-store-file.js';

/**
 * One app registration on one host: a profile of the config file. Every field is optional; a profile
 * used for a stored connection's secrets is matched by `clientId` (and `baseUrl` when it has one).
 */
export interface AppProfile {
  /** The service's API host, for example `https://api.accounting.example`. */
  readonly baseUrl?: string | undefined;
  /** The service's authorization host. */
  readonly authUrl?: string | undefined;
  readonly clientId?: string | undefined;
  readonly clientSecret?: string | undefined;
  readonly signingSecret?: string | undefined;
}

/** The config file of `acctkit` and the MCP server (`config.json` next to the connection store). */
export interface AppConfig {
  /** The profile `acctkit login` uses without `--sandbox` or `--profile` (default `production`). */
  readonly defaultProfile?: string | undefined;
  /** The connection `acctkit request` uses without `--connection`. */
  readonly defaultConnection?: string | undefined;
  /** Profiles by name (`sandbox`, `production`, or any other). */
  readonly profiles?: Readonly<Record<string, AppProfile>> | undefined;
}

/** A loaded config file: its path, its content (`{}` when there is no file) and how safe it is. */
export interface LoadedAppConfig {
  /** The config file's path, whether or not it exists. */
  readonly file: string;
  /** The validated content. */
  readonly config: AppConfig;
  /**
   * `true` when a profile holds a secret and users other than the owner may read the file (any group
   * or other permission bit). Callers should warn with `chmod 600` and never show the secret.
   */
  readonly secretsReadableByOthers: boolean;
}

/**
 * The config file's path: `$ACCTKIT_CONFIG_FILE`, else `$XDG_CONFIG_HOME/acctkit/config.json` (an
 * absolute `XDG_CONFIG_HOME` only, per the XDG Base Directory rules), else `~/.config/acctkit/config.json`.
 *
 * @param env - The environment to read (default `process.env`).
 * @returns The path; the file may not exist.
 * @example
 * ```ts
 * import { appConfigFile } from '@acctkit/client/node';
 * appConfigFile({ XDG_CONFIG_HOME: '/etc/xdg' }); // '/etc/xdg/acctkit/config.json'
 * ```
 */
export function appConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ACCTKIT_CONFIG_FILE) return env.ACCTKIT_CONFIG_FILE;
  return join(configHome(env), 'acctkit', 'config.json');
}

/** Options of {@link loadAppConfig}. */
export interface LoadAppConfigOptions {
  /** The file to read (default {@link appConfigFile} of `env`). */
  readonly file?: string | undefined;
  /** The environment that locates the file (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv | undefined;
}

const PROFILE_KEYS: readonly (keyof AppProfile)[] = [
  'baseUrl',
  'authUrl',
  'clientId',
  'clientSecret',
  'signingSecret',
];

/**
 * Reads and validates the config file. A missing file is an empty config (`{}`); unknown top-level
 * and profile keys are ignored, so newer files still load.
 *
 * @param options - `file`, else the path {@link appConfigFile} finds in `env` (default `process.env`).
 * @returns The file's path, its content and whether others can read a secret in it.
 * @throws AppConfigError `unreadable` when the file exists but cannot be read; `corrupt`, naming the
 *   file and the field, when it is not JSON or not of the config's shape.
 * @example
 * ```ts
 * import { loadAppConfig } from '@acctkit/client/node';
 * const { file, config, secretsReadableByOthers } = await loadAppConfig();
 * if (secretsReadableByOthers) process.stderr.write(`run: chmod 600 ${file}\n`);
 * const production = config.profiles?.production ?? {};
 * ```
 */
export async function loadAppConfig(options: LoadAppConfigOptions = {}): Promise<LoadedAppConfig> {
  const file = options.file ?? appConfigFile(options.env ?? process.env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ENOENT')
      return { file, config: {}, secretsReadableByOthers: false };
    throw new AppConfigError(
      'unreadable',
      file,
      `Cannot read the config file ${file}; check its permissions.`,
      {
        cause,
      },
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    // The parser's message may quote the file's text, which can hold a secret: keep it out of ours.
    throw new AppConfigError('corrupt', file, `The config file ${file} is not valid JSON.`, { cause });
  }
  const config = validate(parsed, file);
  const holdsSecret = Object.values(config.profiles ?? {}).some((p) => p.clientSecret || p.signingSecret);
  const secretsReadableByOthers = holdsSecret && ((await stat(file)).mode & 0o077) !== 0;
  return { file, config, secretsReadableByOthers };
}

function validate(parsed: unknown, file: string): AppConfig {
  const corrupt = (message: string): AppConfigError => new AppConfigError('corrupt', file, message);
  if (!isObject(parsed)) throw corrupt(`The config file ${file} must hold a JSON object.`);
  for (const key of ['defaultProfile', 'defaultConnection'] as const)
    if (parsed[key] !== undefined && typeof parsed[key] !== 'string')
      throw corrupt(`${key} in ${file} must be a string.`);
  const profiles = parsed.profiles ?? {};
  if (!isObject(profiles)) throw corrupt(`"profiles" in ${file} must be an object of profiles.`);
  for (const [name, profile] of Object.entries(profiles)) {
    if (!isObject(profile)) throw corrupt(`profiles.${name} in ${file} must be an object.`);
    for (const key of PROFILE_KEYS)
      if (profile[key] !== undefined && typeof profile[key] !== 'string')
        throw corrupt(`profiles.${name}.${key} in ${file} must be a string.`);
  }
  return parsed as AppConfig;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
