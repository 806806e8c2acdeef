import ipaddr from 'ipaddr.js';

// ipaddr.js's special-purpose ranges (IANA registries) decide what is public; these cover what it
// still calls `unicast` but no public host can have.
// Global unicast IPv6 is allocated from 2000::/3 only (RFC 4291 §2.4). Outside it ipaddr.js calls
// some addresses unicast: ::/96 "IPv4-compatible" (`::7f00:1` is 127.0.0.1 to some stacks) and the rest
// of the IETF-reserved ::/8, 0100::/8, 0200::/7 and so on.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// The well-known NAT64 prefix (RFC 6052): on an IPv6-only network with DNS64 every IPv4-only name
// resolves into it, so it is judged by the IPv4 address in its last 32 bits. The local-use NAT64
// prefix 64:ff9b:1::/48 (RFC 8215) places the IPv4 address by a prefix length nobody tells us: refused.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

function isPublicV4(address: ipaddr.IPv4): boolean {
  // Not unicast in ipaddr.js: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24,
  // 192.0.2/24, 192.88.99/24, 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4,
  // 255.255.255.255, AS112 and AMT.
  return address.range() === 'unicast';
}

function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [a = 0, b = 0] = address.parts.slice(6);
  return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  const range = address.range();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (RFC 6145 translated) and 64:ff9b::a.b.c.d (NAT64) reach
  // the IPv4 address they carry: they are as public as it is.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return isPublicV4(embeddedV4(address));
  if (address.match(NAT64_WELL_KNOWN)) return isPublicV4(embeddedV4(address));
  // 6to4 (2002::/16) and Teredo (2001::/32) are refused whatever IPv4 address they embed: both are
  // deprecated relays, and a 6to4 relay would forward to the IPv4 address in bits 16–47, which may be
  // private. ipaddr.js does not call them unicast.
  return range === 'unicast' && address.match(GLOBAL_UNICAST_V6);
}

/**
 * Whether an IP address is public unicast: reachable on the internet and belonging to nobody's
 * internal network (no loopback, private, link-local, shared, reserved, documentation, benchmarking,
 * multicast or broadcast address, and no IPv6 form that embeds such an IPv4 address).
 *
 * @param address - An IPv4 or IPv6 address, without brackets; anything else is not public.
 * @example
 * ```ts
 * isPublicAddress('93.184.215.14'); // true
 * isPublicAddress('::ffff:127.0.0.1'); // false
 * ```
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.kind() === 'ipv4' ? isPublicV4(parsed as ipaddr.IPv4) : isPublicV6(parsed as ipaddr.IPv6);
}

/** Whether an IP address is loopback: 127/8, ::1, or an IPv6 form embedding 127/8. */
export function isLoopbackAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'loopback';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.range() === 'loopback') return true;
  return v6.isIPv4MappedAddress() && v6.toIPv4Address().range() === 'loopback';
}

/**
 * Parses an address strictly: dotted-quad IPv4 (no `0x7f.1`, `2130706433` or octal forms, which URL
 * parsing has normalised already) or IPv6 without a zone.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  if (!address.includes(':') || address.includes('%') || !ipaddr.IPv6.isValid(address)) return undefined;
  return ipaddr.IPv6.parse(address);
}
