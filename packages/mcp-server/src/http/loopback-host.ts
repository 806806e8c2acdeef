import ipaddr from 'ipaddr.js';

/**
 * Whether `host` is the loopback interface: `localhost`, an address in 127.0.0.0/8, or `::1` (also
 * bracketed, and IPv4-mapped forms such as `::ffff:127.0.0.1`). Used both for a host to bind and for
 * the host name of a URL, on Node and on Workers alike. Anything else is refused, including the
 * wildcards `0.0.0.0` and `::`, names under `.localhost` (not every resolver maps them to loopback),
 * and IPv4 shorthands such as `127.1` (which URL parsing normalizes, but a bind host does not).
 *
 * @param host - A host to bind (as given to `--host`), or a URL's `hostname`.
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
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(name)) address = ipaddr.IPv4.parse(name);
  else if (ipaddr.IPv6.isValid(name) && !name.includes('%')) address = ipaddr.IPv6.parse(name);
  else return false;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  return address.range() === 'loopback';
}
