import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { createClient } from '@acctkit/client';
import { defaultConnectionsFile, openConnectionStore, type StoredConnection } from '@acctkit/client/node';
import type { BusinessConnection } from '../business-connection.js';
import type { Env } from './connect-from-env.js';
import { ConnectionError } from './connection-error.js';
import { SANDBOX_DEMO_APP } from './sandbox-demo-app.js';
import { USER_AGENT } from './user-agent.js';

/** The app secrets a stored connection needs; the store never keeps them. */
interface AppSecrets {
  readonly clientSecret: string;
  readonly signingSecret: string;
}

/** A profile of the CLI's config file, as far as secrets go. */
interface Profile {
  readonly baseUrl?: unknown;
  readonly clientId?: unknown;
  readonly clientSecret?: unknown;
  readonly signingSecret?: unknown;
}

/** The CLI's config file: `$ACCTKIT_CONFIG_FILE`, else `$XDG_CONFIG_HOME/acctkit/config.json`, else `~/.config/…`. */
function configFile(env: Env): string {
  if (env.ACCTKIT_CONFIG_FILE) return env.ACCTKIT_CONFIG_FILE;
  const xdg = env.XDG_CONFIG_HOME;
  return join(
    xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config'),
    'acctkit',
    'config.json',
  );
}

async function profiles(env: Env): Promise<Profile[]> {
  try {
    const parsed = JSON.parse(await readFile(configFile(env), 'utf8')) as {
      profiles?: Record<string, Profile>;
    };
    return Object.values(parsed?.profiles ?? {}).filter((p) => p && typeof p === 'object');
  } catch {
    // A missing or unreadable config is no profile; `acctkit` itself reports a damaged one.
    return [];
  }
}

const trimmed = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const withoutSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * The secrets of a stored connection, found as `acctkit` finds them: `ACCTKIT_CLIENT_SECRET` and
 * `ACCTKIT_SIGNING_SECRET`, else the config profile registered for its client id (and base URL, when the
 * profile names one), else the sandbox's published demo app for its client id.
 */
function secretsFor(connection: StoredConnection, env: Env, known: Profile[]): AppSecrets | undefined {
  const profile = known.find(
    (p) =>
      p.clientId === connection.clientId &&
      (!trimmed(p.baseUrl) || withoutSlash(String(p.baseUrl)) === withoutSlash(connection.baseUrl)),
  );
  let clientSecret = trimmed(env.ACCTKIT_CLIENT_SECRET) ?? trimmed(profile?.clientSecret);
  let signingSecret = trimmed(env.ACCTKIT_SIGNING_SECRET) ?? trimmed(profile?.signingSecret);
  if (connection.clientId === SANDBOX_DEMO_APP.clientId) {
    clientSecret ??= SANDBOX_DEMO_APP.clientSecret;
    signingSecret ??= SANDBOX_DEMO_APP.signingSecret;
  }
  return clientSecret && signingSecret ? { clientSecret, signingSecret } : undefined;
}

/**
 * Connects every business in the connection store of `acctkit login` (`ACCTKIT_CONNECTIONS_FILE`, else the
 * default path). Each gets a token manager from the store: refreshes are serialised across processes and
 * rotated tokens are written back to the file. The app's secrets are found as `acctkit` finds them:
 * `ACCTKIT_CLIENT_SECRET` and `ACCTKIT_SIGNING_SECRET`, else the config profile of the connection's client
 * id, else (for the sandbox's public demo app) the demo secrets.
 *
 * @param env - The environment (default `process.env`).
 * @param fetch - The fetch to send with (default the global one).
 * @returns The connections, in the store's order (none when the store is empty or missing).
 * @throws ConnectionError `INVALID_CONFIG` when connections exist but their app secrets are not set.
 */
export async function connectFromStore(
  env: Env = process.env,
  fetch?: (request: Request) => Promise<Response>,
): Promise<BusinessConnection[]> {
  const store = openConnectionStore({ file: defaultConnectionsFile(env as NodeJS.ProcessEnv) });
  const stored = await store.list();
  const connections: BusinessConnection[] = [];
  const withoutSecrets: string[] = [];
  const known = stored.length > 0 ? await profiles(env) : [];
  for (const connection of stored) {
    const secrets = secretsFor(connection, env, known);
    if (!secrets) {
      withoutSecrets.push(connection.name);
      continue;
    }
    const tokens = await store.tokenManager(connection.name, { ...secrets, fetch });
    connections.push({
      name: connection.name,
      variant: connection.variant,
      businessId: connection.businessId,
      businessName: connection.businessName,
      scope: connection.scope,
      client: createClient({
        variant: connection.variant,
        baseUrl: connection.baseUrl,
        tokens,
        userAgent: USER_AGENT,
        fetch,
      }),
      reconnectHint: `run: acctkit login --name ${connection.name}`,
    });
  }
  if (connections.length === 0 && withoutSecrets.length > 0)
    throw new ConnectionError(
      'INVALID_CONFIG',
      `The stored connections (${withoutSecrets.join(', ')}) need their app's secrets: set ACCTKIT_CLIENT_SECRET and ACCTKIT_SIGNING_SECRET, or add a profile with their clientId and the secrets to ${configFile(env)}.`,
    );
  return connections;
}
