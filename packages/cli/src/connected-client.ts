import { type AccountingClient, createClient } from '@acctkit/client';
import type { ConnectionStore, StoredConnection } from '@acctkit/client/node';
import { connectionSecrets, loadConfig } from './config.js';
import { connectionStore, pickConnection } from './connection-store.js';
import type { Io } from './io.js';
import { USER_AGENT } from './version.js';

/** A stored connection chosen for a command, its store, and its app's secrets. */
export interface ChosenConnection {
  readonly store: ConnectionStore;
  readonly connection: StoredConnection;
  readonly secrets: { readonly clientSecret: string; readonly signingSecret: string };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/**
 * The connection `name` (else `ACCTKIT_CONNECTION`, else the config file's `defaultConnection`, else
 * the only one stored) with its app secrets.
 *
 * @throws CliError `CONNECTION` or `CONFIG` naming what is missing.
 */
export async function chooseConnection(io: Io, name: string | undefined): Promise<ChosenConnection> {
  const loaded = await loadConfig(io);
  const store = connectionStore(io);
  const connection = await pickConnection(
    store,
    name ?? nonEmpty(io.env.ACCTKIT_CONNECTION) ?? loaded.config.defaultConnection,
  );
  return { store, connection, secrets: connectionSecrets(connection, loaded, io.env) };
}

/**
 * A client that signs every request for the connection and refreshes its access token through the
 * store (refreshes are shared safely with other processes using the same connection).
 */
export async function connectedClient(io: Io, chosen: ChosenConnection): Promise<AccountingClient> {
  const { store, connection, secrets } = chosen;
  return createClient({
    variant: connection.variant,
    baseUrl: connection.baseUrl,
    tokens: await store.tokenManager(connection.name, { ...secrets, fetch: io.fetch }),
    userAgent: USER_AGENT,
    fetch: io.fetch,
  });
}
