import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/**
 * The default address of a request's client, for per-address limits: Cloudflare's `cf-connecting-ip`
 * (set by Cloudflare's edge on Workers, whatever the client sent), else one bucket shared by every
 * client. Elsewhere, give `clientAddress` in the configuration (on Node, `startRemoteServer` passes
 * the socket's address).
 */
export function cloudflareClientAddress(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}

/**
 * The key a per-address limit counts under: the IPv4 address (also when written IPv4-mapped), or the
 * /64 of an IPv6 address, since one host or customer usually holds a whole /64.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
