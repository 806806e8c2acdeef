import { type ConnectionStore, defaultConnectionsFile, openConnectionStore } from '@acctkit/client/node';
import type { Io } from './io.js';

/** The connection store of `@acctkit/client/node` at `$ACCTKIT_CONNECTIONS_FILE` or its XDG default. */
export function connectionStore(io: Io): ConnectionStore {
  return openConnectionStore({ file: defaultConnectionsFile(io.env) });
}
