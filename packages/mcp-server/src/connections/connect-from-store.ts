import { changeJournalFile, journalLimitsFromEnv, openFileChangeJournal } from '@acctkit/change-journal/node';
import { createClient } from '@acctkit/client';
import {
  AppConfigError,
  type AppSecrets,
  appSecretsFor,
  defaultConnectionsFile,
  type LoadedAppConfig,
  loadAppConfig,
  openConnectionStore,
} from '@acctkit/client/node';
import type { BusinessConnection } from '../business-connection.js';
import { clientOnFirstUse } from './client-on-first-use.js';
import type { Env } from './connect-from-env.js';
import { ConnectionError } from './connection-error.js';
import { USER_AGENT } from './user-agent.js';

/**
 * Connects every business in the connection store of `acctkit login` (`ACCTKIT_CONNECTIONS_FILE`, else the
 * default path). Each gets a token manager from the store: refreshes are serialised across processes and
 * rotated tokens are written back to the file. The app's secrets are found as `acctkit` finds them
 * (`appSecretsFor` of `@acctkit/client/node`): `ACCTKIT_CLIENT_SECRET` and `ACCTKIT_SIGNING_SECRET`, else
 * the config profile of the connection's client id (and base URL), else (for the sandbox's public demo
 * app) the demo secrets. Each connection's changes are journaled in `changes-<name>.jsonl` beside the
 * store's file (`ACCTKIT_JOURNAL_RETENTION_DAYS`, `ACCTKIT_JOURNAL_MAX_ENTRIES`), which `acctkit changes` prints.
 * `ACCTKIT_CONNECTIONS` (names, comma-separated) serves only those of the stored connections.
 *
 * @param env - The environment (default `process.env`).
 * @param fetch - The fetch to send with (default the global one).
 * @returns The connections, in the store's order (none when the store is empty or missing).
 * @throws ConnectionError `INVALID_CONFIG` when connections exist but their app secrets are not set, the
 *   config file is damaged (the message names it), or `ACCTKIT_CONNECTIONS` names one the store lacks.
 */
export async function connectFromStore(
  env: Env = process.env,
  fetch?: (request: Request) => Promise<Response>,
): Promise<BusinessConnection[]> {
  const store = openConnectionStore({ file: defaultConnectionsFile(env as NodeJS.ProcessEnv) });
  const limits = journalLimitsFromEnv(env as NodeJS.ProcessEnv);
  const stored = chosen(await store.list(), env.ACCTKIT_CONNECTIONS);
  if (stored.length === 0) return [];
  const config = await loadConfig(env);
  const connections: BusinessConnection[] = [];
  const withoutSecrets: string[] = [];
  for (const connection of stored) {
    let secrets: AppSecrets;
    try {
      secrets = appSecretsFor(connection, config, env as NodeJS.ProcessEnv);
    } catch (error) {
      if (!(error instanceof AppConfigError && error.reason === 'missing_secrets')) throw error;
      withoutSecrets.push(connection.name);
      continue;
    }
    const tokens = await store.tokenManager(connection.name, { ...secrets, fetch });
    connections.push(
      clientOnFirstUse(
        {
          name: connection.name,
          variant: connection.variant,
          businessId: connection.businessId,
          businessName: connection.businessName,
          scope: connection.scope,
          reconnectHint: `run: acctkit login --name ${connection.name}`,
          journal: openFileChangeJournal(changeJournalFile(store.file, connection.name), limits),
        },
        () =>
          createClient({
            variant: connection.variant,
            baseUrl: connection.baseUrl,
            tokens,
            userAgent: USER_AGENT,
            fetch,
          }),
      ),
    );
  }
  if (connections.length === 0 && withoutSecrets.length > 0)
    throw new ConnectionError(
      'INVALID_CONFIG',
      `The stored connections (${withoutSecrets.join(', ')}) need their app's secrets: set ACCTKIT_CLIENT_SECRET and ACCTKIT_SIGNING_SECRET, or add a profile with their clientId and the secrets to ${config.file}.`,
    );
  return connections;
}

/** The config file of `acctkit`, as it reads it; a damaged one stops the start-up with its name. */
async function loadConfig(env: Env): Promise<LoadedAppConfig> {
  try {
    return await loadAppConfig({ env: env as NodeJS.ProcessEnv });
  } catch (error) {
    if (error instanceof AppConfigError)
      throw new ConnectionError('INVALID_CONFIG', error.message, { cause: error });
    throw error;
  }
}

/**
 * The stored connections `ACCTKIT_CONNECTIONS` names (all without it), in the store's order. A name the
 * store lacks is refused, naming the stored ones: serving fewer businesses than asked for would go unseen.
 */
function chosen<T extends { readonly name: string }>(stored: readonly T[], names: string | undefined): T[] {
  const wanted = (names ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (wanted.length === 0) return [...stored];
  const missing = wanted.filter((name) => !stored.some((connection) => connection.name === name));
  if (missing.length > 0)
    throw new ConnectionError(
      'INVALID_CONFIG',
      `ACCTKIT_CONNECTIONS names ${missing.join(', ')}, which the connection store does not hold (stored: ${stored.map((c) => c.name).join(', ') || 'none'}). Run \`acctkit connections\` to see them, or \`acctkit login --name <name>\` to add one.`,
    );
  return stored.filter((connection) => wanted.includes(connection.name));
}
