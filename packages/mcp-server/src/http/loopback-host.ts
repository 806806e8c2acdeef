import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether binding `host` listens on loopback only: `localhost`, an address in 127.0.0.0/8, or `::1`
 * (also bracketed, and IPv4-mapped forms such as `::ffff:127.0.0.1`). Any other name or address, and
 * the wildcards `0.0.0.0` and `::`, can be reached from the network.
 *
 * @param host - A host to bind, as given to `--host`.
 * @returns `true` for a loopback host.
 * @example
 * ```ts
 * isLoopbackHost('127.0.0.1'); // true
 * isLoopbackHost('0.0.0.0'); // false
 * ```
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  const family = isIP(name);
  if (family === 0) return false;
  return LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}
