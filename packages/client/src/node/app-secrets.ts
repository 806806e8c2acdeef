import type { AppProfile, LoadedAppConfig } from './app-config.js';
import { AppConfigError } from './app-config-error.js';
import type { StoredConnection } from './connection-store-file.js';
import { SANDBOX_DEMO_APP } from './sandbox-demo-app.js';

/** The two secrets of an app registration that a connection's token manager needs. */
export interface AppSecrets {
  readonly clientSecret: string;
  readonly signingSecret: string;
}

/**
 * The app secrets of a stored connection (the connection store never keeps them). Each secret is the
 * first set of:
 *
 * 1. `ACCTKIT_CLIENT_SECRET` / `ACCTKIT_SIGNING_SECRET` in `env`;
 * 2. the config profile registered for the connection's client id, and for its base URL when the
 *    profile names one (trailing slashes aside); the first such profile in the file wins;
 * 3. for the sandbox's demo app (its client id), {@link SANDBOX_DEMO_APP}'s published secrets.
 *
 * Blank values count as unset; values are trimmed.
 *
 * @param connection - The stored connection (its `name`, `clientId` and `baseUrl` are read).
 * @param loaded - The config file, from {@link loadAppConfig}.
 * @param env - The environment (default `process.env`).
 * @returns Both secrets.
 * @throws AppConfigError `missing_secrets`, naming the connection, the missing secrets, their
 *   variables and the config file to add a profile to (never a secret).
 * @example
 * ```ts
 * import { createClient } from '@acctkit/client';
 * import { appSecretsFor, loadAppConfig, openConnectionStore } from '@acctkit/client/node';
 * const store = openConnectionStore();
 * const connection = await store.get('sandbox-de-1');
 * if (connection) {
 *   const secrets = appSecretsFor(connection, await loadAppConfig());
 *   const tokens = await store.tokenManager(connection.name, secrets);
 *   const { variant, baseUrl } = connection;
 *   const api = createClient({ variant, baseUrl, tokens, userAgent: 'my-script/1.0' });
 * }
 * ```
 */
export function appSecretsFor(
  connection: Pick<StoredConnection, 'name' | 'clientId' | 'baseUrl'>,
  loaded: LoadedAppConfig,
  env: NodeJS.ProcessEnv = process.env,
): AppSecrets {
  const profile: AppProfile =
    Object.values(loaded.config.profiles ?? {}).find(
      (p) =>
        p.clientId === connection.clientId &&
        (!p.baseUrl || withoutSlash(p.baseUrl) === withoutSlash(connection.baseUrl)),
    ) ?? {};
  const demo: AppProfile = connection.clientId === SANDBOX_DEMO_APP.clientId ? SANDBOX_DEMO_APP : {};
  const clientSecret = set(env.ACCTKIT_CLIENT_SECRET) ?? set(profile.clientSecret) ?? set(demo.clientSecret);
  const signingSecret =
    set(env.ACCTKIT_SIGNING_SECRET) ?? set(profile.signingSecret) ?? set(demo.signingSecret);
  if (clientSecret && signingSecret) return { clientSecret, signingSecret };
  const missing = [
    clientSecret ? undefined : 'client secret (ACCTKIT_CLIENT_SECRET)',
    signingSecret ? undefined : 'signing secret (ACCTKIT_SIGNING_SECRET)',
  ].filter(Boolean);
  throw new AppConfigError(
    'missing_secrets',
    loaded.file,
    `Connection '${connection.name}' needs the app's ${missing.join(' and ')}: set the variable, or add a profile with "clientId": "${connection.clientId}" and the secrets to ${loaded.file}.`,
  );
}

function set(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

function withoutSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
