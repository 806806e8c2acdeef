import { isLoopbackAddress, isPublicAddress } from './public-address.js';

// Suffixes of names that only ever mean something inside a network: RFC 6761 (localhost), RFC 6762
// (.local, mDNS), RFC 8375 (.home.arpa), ICANN's reserved .internal (metadata.google.internal), and
// the .localdomain of many /etc/hosts files.
const INTERNAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/**
 * A URL's host without IPv6 brackets and without trailing dots (`localhost.` is `localhost`: the dot
 * only marks the name fully qualified, and resolvers answer both alike).
 */
export function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.replace(/\.+$/, '');
}

/** Whether a bare host is an IP address literal (URL parsing has normalised hex, octal and integer IPv4). */
export function isAddressLiteral(host: string): boolean {
  return host.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Whether a host may be fetched, judged by what it says without resolving it: an IP literal must be
 * public unicast; a name must have two labels or more and not be one of the internal-only names
 * (`localhost`, `*.localhost`, `*.local`, `*.internal`, `*.home.arpa`, `*.localdomain`, with or
 * without a trailing dot). With `allowLoopback` (tests), loopback literals and names pass too.
 */
export function isFetchableHost(host: string, allowLoopback: boolean): boolean {
  if (isAddressLiteral(host)) return isPublicAddress(host) || (allowLoopback && isLoopbackAddress(host));
  if (allowLoopback && isLoopbackName(host)) return true;
  if (!host.includes('.') || isLoopbackName(host)) return false;
  return !INTERNAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

/**
 * The URL of a Client ID Metadata Document this server may fetch, or `undefined`: https with a path,
 * no credentials or fragment, and a host that {@link isFetchableHost} accepts. `allowLoopback` (tests)
 * also admits http on a loopback host.
 */
export function clientMetadataUrl(clientId: string, allowLoopback: boolean): URL | undefined {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return undefined;
  }
  if (url.hash || url.username || url.password || url.pathname === '/') return undefined;
  const host = bareHost(url);
  if (!isFetchableHost(host, allowLoopback)) return undefined;
  if (url.protocol === 'https:') return url;
  const loopback = isAddressLiteral(host) ? isLoopbackAddress(host) : isLoopbackName(host);
  return url.protocol === 'http:' && allowLoopback && loopback ? url : undefined;
}
