import type { BusinessConnection, BusinessProfile } from './business-connection.js';
import { serviceCall } from './service-call.js';

// One read per connection and process; a failed read is forgotten, so the next use tries again.
const profiles = new WeakMap<BusinessConnection, Promise<BusinessProfile>>();

/**
 * The id and name of a connection's business: as the connection holds them, else read from the
 * service on first use (`GET /core/v2/business`, both variants alike) and kept for the process.
 *
 * @param connection - The connection.
 * @returns The business's id and name (the connection's name when the service gives none).
 * @throws ToolFailure when the service refuses or cannot be reached (as any service call of a tool).
 */
export function businessProfileOf(connection: BusinessConnection): Promise<BusinessProfile> {
  const { businessId, businessName } = connection;
  if (businessId !== undefined && businessName !== undefined)
    return Promise.resolve({ businessId, businessName });
  let profile = profiles.get(connection);
  if (!profile) {
    profile = serviceCall<{ $key?: number; name?: string | null }>(
      connection,
      'GET',
      '/core/v2/business',
    ).then((data) => ({
      businessId: businessId ?? data.$key ?? 0,
      businessName: businessName ?? data.name ?? connection.name,
    }));
    profiles.set(connection, profile);
    profile.catch(() => profiles.delete(connection));
  }
  return profile;
}
