import { readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { StoredConnection } from '@acctkit/client/node';
import { CliError } from './cli-error.js';
import type { Io } from './io.js';
import { SANDBOX_APP } from './sandbox-app.js';

/** The settings of one app registration and host: a profile of the config file. */
export interface Profile {
  readonly baseUrl?: string | undefined;
  readonly authUrl?: string | undefined;
  readonly clientId?: string | undefined;
  readonly clientSecret?: string | undefined;
  readonly signingSecret?: string | undefined;
}

/** `$XDG_CONFIG_HOME/acctkit/config.json`. */
export interface ConfigFile {
  /** The profile `login` uses without `--sandbox` or `--profile` (default `production`). */
  readonly defaultProfile?: string | undefined;
  /** The connection `request` uses without `--connection`. */
  readonly defaultConnection?: string | undefined;
  readonly profiles?: Readonly<Record<string, Profile>> | undefined;
}

/** The loaded config file (empty when there is none), its path, and whether others can read it. */
export interface LoadedConfig {
  readonly file: string;
  readonly config: ConfigFile;
}

/**
 * The config file's path: `$ACCTKIT_CONFIG_FILE`, else `$XDG_CONFIG_HOME/acctkit/config.json` (an
 * absolute `XDG_CONFIG_HOME` only, per the XDG rules), else `~/.config/acctkit/config.json`.
 */
export function configFile(env: NodeJS.ProcessEnv): string {
  if (env.ACCTKIT_CONFIG_FILE) return env.ACCTKIT_CONFIG_FILE;
  const xdg = env.XDG_CONFIG_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.config'), 'acctkit', 'config.json');
}

/**
 * Reads the config file. A missing file is an empty config. A config that holds a secret and that
 * other users can read gets a warning on stderr (the secret is not shown).
 *
 * @throws CliError `CONFIG` when the file cannot be read or is not a JSON object of the expected shape.
 */
export async function loadConfig(io: Io): Promise<LoadedConfig> {
  const file = configFile(io.env);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ENOENT') return { file, config: {} };
    throw new CliError('CONFIG', `Cannot read the config file ${file}; check its permissions.`, { cause });
  }
  let config: ConfigFile;
  try {
    config = JSON.parse(text) as ConfigFile;
  } catch (cause) {
    throw new CliError('CONFIG', `The config file ${file} is not valid JSON.`, { cause });
  }
  if (!config || typeof config !== 'object' || Array.isArray(config))
    throw new CliError('CONFIG', `The config file ${file} must hold a JSON object.`);
  const profiles = config.profiles ?? {};
  if (typeof profiles !== 'object' || Array.isArray(profiles))
    throw new CliError('CONFIG', `"profiles" in ${file} must be an object of profiles.`);
  for (const [name, profile] of Object.entries(profiles))
    for (const [key, value] of Object.entries(profile ?? {}))
      if (typeof value !== 'string')
        throw new CliError('CONFIG', `profiles.${name}.${key} in ${file} must be a string.`);
  const holdsSecret = Object.values(profiles).some((p) => p?.clientSecret || p?.signingSecret);
  if (holdsSecret) {
    const mode = (await stat(file)).mode & 0o077;
    if (mode !== 0)
      io.stderr.write(
        `acctkit: warning: ${file} holds a secret and other users can read it; run \`chmod 600 ${file}\`.\n`,
      );
  }
  return { file, config };
}

/** A profile of the config file, `{}` when it has none of that name. */
export function profile(loaded: LoadedConfig, name: string): Profile {
  return loaded.config.profiles?.[name] ?? {};
}

/** Where each setting of an app comes from: a flag, then `ACCTKIT_*`, then the profile, then a fallback. */
export function resolveApp(
  flags: Profile,
  env: NodeJS.ProcessEnv,
  fromProfile: Profile,
  fallback: Profile = {},
): Profile {
  const pick = (key: keyof Profile, variable: string): string | undefined =>
    nonEmpty(flags[key]) ?? nonEmpty(env[variable]) ?? nonEmpty(fromProfile[key]) ?? nonEmpty(fallback[key]);
  return {
    baseUrl: pick('baseUrl', 'ACCTKIT_BASE_URL'),
    authUrl: pick('authUrl', 'ACCTKIT_AUTH_URL'),
    clientId: pick('clientId', 'ACCTKIT_CLIENT_ID'),
    clientSecret: pick('clientSecret', 'ACCTKIT_CLIENT_SECRET'),
    signingSecret: pick('signingSecret', 'ACCTKIT_SIGNING_SECRET'),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/**
 * The app secrets of a stored connection (the store never keeps them): `ACCTKIT_CLIENT_SECRET` and
 * `ACCTKIT_SIGNING_SECRET`, else the config profile registered for the connection's client id (and
 * base URL, when the profile names one), else the sandbox's published demo app for its client id.
 *
 * @throws CliError `CONFIG` naming the connection and where the missing secret can be set.
 */
export function connectionSecrets(
  connection: StoredConnection,
  loaded: LoadedConfig,
  env: NodeJS.ProcessEnv,
): { clientSecret: string; signingSecret: string } {
  const match = Object.values(loaded.config.profiles ?? {}).find(
    (p) =>
      p.clientId === connection.clientId &&
      (!p.baseUrl || p.baseUrl.replace(/\/+$/, '') === connection.baseUrl.replace(/\/+$/, '')),
  );
  const fallback = connection.clientId === SANDBOX_APP.clientId ? SANDBOX_APP : {};
  const app = resolveApp({}, env, match ?? {}, fallback);
  const missing = [
    app.clientSecret ? undefined : 'client secret (ACCTKIT_CLIENT_SECRET)',
    app.signingSecret ? undefined : 'signing secret (ACCTKIT_SIGNING_SECRET)',
  ].filter(Boolean);
  if (!app.clientSecret || !app.signingSecret)
    throw new CliError(
      'CONFIG',
      `Connection '${connection.name}' needs the app's ${missing.join(' and ')}: set the variable, or add a profile with "clientId": "${connection.clientId}" and the secrets to ${loaded.file}.`,
    );
  return { clientSecret: app.clientSecret, signingSecret: app.signingSecret };
}
