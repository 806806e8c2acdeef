import type { Context } from 'hono';
import { addressBucket, cloudflareClientAddress } from './client-address.js';
import { OAuthHttpError } from './oauth-error.js';
import type { RemoteContext } from './remote-context.js';
import { STORED, updateStored } from './stored-keys.js';

/**
 * Counts one costly unauthenticated action (a client registration, a metadata document fetch) against
 * the caller's address in a fixed one-minute window kept in storage, so every instance shares the
 * count; throws 429 with `Retry-After` past `limit` (0: no limit).
 *
 * @param what - The action in the error message, plural (`client registrations`).
 */
export async function limitPerAddress(
  ctx: RemoteContext,
  c: Context,
  kind: 'register' | 'cimd',
  limit: number,
  what: string,
): Promise<void> {
  if (limit <= 0) return;
  const now = ctx.config.now();
  const window = Math.floor(now / 60_000);
  const bucket = addressBucket((ctx.config.clientAddress ?? cloudflareClientAddress)(c));
  const count = await updateStored(ctx.storage, STORED.addressRate(kind, bucket, window), (n) => ({
    value: (n ?? 0) + 1,
    expiresAt: (window + 2) * 60_000,
    result: (n ?? 0) + 1,
  }));
  if (count <= limit) return;
  const retryAfter = Math.max(1, (window + 1) * 60 - Math.floor(now / 1000));
  throw new OAuthHttpError(
    429,
    'too_many_requests',
    `At most ${limit} ${what} a minute from one address; retry in ${retryAfter} s.`,
    { 'Retry-After': String(retryAfter) },
  );
}
