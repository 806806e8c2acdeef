import {
  AppConfigError,
  type AppProfile,
  appSecretsFor,
  type LoadedAppConfig,
  loadAppConfig,
  type StoredConnection,
} from '@acctkit/client/node';
import { CliError } from './cli-error.js';
import type { Io } from './io.js';

/**
 * Reads the config file of `@acctkit/client/node` (`loadAppConfig`; a missing file is an empty
 * config). A config that holds a secret and that other users can read gets a warning on stderr (the
 * secret is not shown).
 *
 * @throws CliError `CONFIG` when the file cannot be read or is not a JSON object of the expected shape.
 */
export async function loadConfig(io: Io): Promise<LoadedAppConfig> {
  const loaded = await asCliError(() => loadAppConfig({ env: io.env }));
  if (loaded.secretsReadableByOthers)
    io.stderr.write(
      `acctkit: warning: ${loaded.file} holds a secret and other users can read it; run \`chmod 600 ${loaded.file}\`.\n`,
    );
  return loaded;
}

/** A profile of the config file, `{}` when it has none of that name. */
export function profile(loaded: LoadedAppConfig, name: string): AppProfile {
  return loaded.config.profiles?.[name] ?? {};
}

/**
 * The signing secret of the config profile named by `--profile`, else `ACCTKIT_PROFILE`, else the
 * file's `defaultProfile`, else `production` (`undefined` when that profile has none).
 */
export async function profileSigningSecret(io: Io, name: string | undefined): Promise<string | undefined> {
  const loaded = await loadConfig(io);
  return profile(loaded, name ?? io.env.ACCTKIT_PROFILE ?? loaded.config.defaultProfile ?? 'production')
    .signingSecret;
}

/** Where each setting of an app comes from: a flag, then `ACCTKIT_*`, then the profile, then a fallback. */
export function resolveApp(
  flags: AppProfile,
  env: NodeJS.ProcessEnv,
  fromProfile: AppProfile,
  fallback: AppProfile = {},
): AppProfile {
  const pick = (key: keyof AppProfile, variable: string): string | undefined =>
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
 * The app secrets of a stored connection, found by `@acctkit/client/node`'s `appSecretsFor`
 * (`ACCTKIT_*` variables, then the profile of its client id and base URL, then the sandbox demo app).
 *
 * @throws CliError `CONFIG` naming the connection and where the missing secret can be set.
 */
export function connectionSecrets(
  connection: StoredConnection,
  loaded: LoadedAppConfig,
  env: NodeJS.ProcessEnv,
): { clientSecret: string; signingSecret: string } {
  try {
    return appSecretsFor(connection, loaded, env);
  } catch (error) {
    throw configError(error);
  }
}

async function asCliError<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw configError(error);
  }
}

function configError(error: unknown): unknown {
  return error instanceof AppConfigError ? new CliError('CONFIG', error.message, { cause: error }) : error;
}
