import {
  type ConnectionStore,
  defaultConnectionsFile,
  openConnectionStore,
  type StoredConnection,
} from '@acctkit/client/node';
import { CliError } from './cli-error.js';
import { didYouMean } from './did-you-mean.js';
import type { Io } from './io.js';

/** The connection store of `@acctkit/client/node` at `$ACCTKIT_CONNECTIONS_FILE` or its XDG default. */
export function connectionStore(io: Io): ConnectionStore {
  return openConnectionStore({ file: defaultConnectionsFile(io.env) });
}

/** The named connection, else the only one; errors say what exists and how to choose. */
export async function pickConnection(
  store: ConnectionStore,
  name: string | undefined,
): Promise<StoredConnection> {
  const all = await store.list();
  const names = all.map((c) => c.name).join(', ');
  if (name !== undefined) {
    const found = all.find((c) => c.name === name);
    if (!found) {
      const suggestion = didYouMean(
        name,
        all.map((c) => c.name),
      );
      throw new CliError(
        'CONNECTION',
        `There is no connection named '${name}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''}${all.length ? ` The connections are: ${names}.` : ''} Run \`acctkit login --name ${name}\` to make it.`,
      );
    }
    return found;
  }
  if (all.length === 1) return all[0] as StoredConnection;
  if (all.length === 0)
    throw new CliError(
      'CONNECTION',
      'No connection yet: run `acctkit login` (or `acctkit login --sandbox`) first.',
    );
  throw new CliError(
    'CONNECTION',
    `There are several connections (${names}): choose one with --connection NAME or ACCTKIT_CONNECTION.`,
  );
}
