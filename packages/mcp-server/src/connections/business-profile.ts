import type { AccountingClient } from '@acctkit/client';
import type { BusinessProfile } from '../business-connection.js';
import { ConnectionError } from './connection-error.js';

export type { BusinessProfile };

/**
 * Reads the connected business's id and name (`GET /core/v2/business`), which also proves that the
 * credentials work. The server itself does not call it at start-up: it reads the profile on first use.
 *
 * @param client - The connection's client.
 * @param connection - The connection's name, for the error message.
 * @returns The business's id and name.
 * @throws ConnectionError `CONNECTION_FAILED` when the service refuses or cannot be reached.
 */
export async function businessProfile(
  client: AccountingClient,
  connection: string,
): Promise<BusinessProfile> {
  let result: { data?: { $key?: number | undefined; name?: string | null | undefined }; response: Response };
  try {
    // Both variants answer this path with the same business shape.
    result = await (client as AccountingClient<'de'>).GET('/core/v2/business');
  } catch (cause) {
    throw new ConnectionError(
      'CONNECTION_FAILED',
      `Could not reach the service for connection '${connection}'; check its base URL and the network.`,
      { cause },
    );
  }
  const { data, response } = result;
  if (!data)
    throw new ConnectionError(
      'CONNECTION_FAILED',
      `The service refused connection '${connection}' (HTTP ${response.status}); connect it again.`,
    );
  return { businessId: data.$key ?? 0, businessName: data.name ?? connection };
}
