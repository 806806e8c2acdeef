import { createClient } from '@acctkit/client';
import { defaultConnectionsFile, openConnectionStore, type StoredConnection } from '@acctkit/client/node';
import type { BusinessConnection } from '../business-connection.js';
import type { Env } from './connect-from-env.js';
import { ConnectionError } from './connection-error.js';
import { USER_AGENT } from './user-agent.js';

/** The app secrets a stored connection needs; the store never keeps them. */
interface AppSecrets {
  readonly clientSecret: string;
  readonly signingSecret: string;
}

async function secretsFor(connection: StoredConnection, env: Env): Promise<AppSecrets | undefined> {
  const clientSecret = env.ACCTKIT_CLIENT_SECRET?.trim();
  const signingSecret = env.ACCTKIT_SIGNING_SECRET?.trim();
  if (clientSecret && signingSecret) return { clientSecret, signingSecret };
  // The sandbox's demo app is public (printed by `npm start`), so its connections need no configuration.
  // Imported only here: the sandbox brings SQLite, which other start-ups do not need.
  const { DEMO_CLIENT } = await import('@acctkit/sandbox');
  if (connection.clientId === DEMO_CLIENT.clientId)
    return { clientSecret: DEMO_CLIENT.clientSecret, signingSecret: DEMO_CLIENT.signingSecret };
  return undefined;
}

/**
 * Connects every business in the connection store of `acctkit login` (`ACCTKIT_CONNECTIONS_FILE`, else the
 * default path). Each gets a token manager from the store: refreshes are serialised across processes and
 * rotated tokens are written back to the file. The app's secrets come from `ACCTKIT_CLIENT_SECRET` and
 * `ACCTKIT_SIGNING_SECRET` (the sandbox's public demo app needs none).
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
  for (const connection of stored) {
    const secrets = await secretsFor(connection, env);
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
      `The stored connections (${withoutSecrets.join(', ')}) need the app's secrets: set ACCTKIT_CLIENT_SECRET and ACCTKIT_SIGNING_SECRET.`,
    );
  return connections;
}
