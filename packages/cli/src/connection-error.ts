import { AccountingError } from '@acctkit/client';
import type { StoredConnection } from '@acctkit/client/node';
import { CliError } from './cli-error.js';

/** Maps a revoked grant or an unreachable host to a message that says what to do; other errors pass. */
export function connectionError(err: unknown, connection: StoredConnection): unknown {
  if (!(err instanceof AccountingError)) return err;
  if (err.code === 'OAUTH_ERROR' && (err as { error?: string }).error === 'invalid_grant')
    return new CliError(
      'AUTH',
      `The grant of connection '${connection.name}' is no longer valid (revoked or expired): run \`acctkit login --name ${connection.name}\` again.`,
      { cause: err },
    );
  if (err.code === 'NETWORK' || err.code === 'TIMEOUT')
    return new CliError('NETWORK', `Cannot reach ${connection.baseUrl}: ${err.message}`, { cause: err });
  return err;
}
