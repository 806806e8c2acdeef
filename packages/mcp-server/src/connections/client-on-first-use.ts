import type { AccountingClient } from '@acctkit/client';
import type { BusinessConnection } from '../business-connection.js';

/**
 * The connection with its client created when first read. Creating a client makes openapi-fetch read
 * `process.versions.undici`, which loads Node's fetch implementation (about 10 ms of a start-up on Node
 * 24) that the first reply does not need; the client is first read by a tool's request.
 *
 * @param connection - Everything but the client.
 * @param create - Creates the client (once).
 * @returns The connection, whose `client` is created on first read.
 */
export function clientOnFirstUse(
  connection: Omit<BusinessConnection, 'client'>,
  create: () => AccountingClient,
): BusinessConnection {
  let client: AccountingClient | undefined;
  return Object.defineProperty({ ...connection }, 'client', {
    enumerable: true,
    get: () => {
      client ??= create();
      return client;
    },
  }) as BusinessConnection;
}
