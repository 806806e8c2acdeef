/** Loopback hosts (RFC 8252 §7.3) and `localhost` (DECISIONS B18). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

function loopback(uri: string): URL | undefined {
  try {
    const u = new URL(uri);
    return u.protocol === 'http:' && LOOPBACK.has(u.hostname) ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `uri` is one of a client's registered redirect URIs. A registered loopback URI
 * (`http://127.0.0.1/...`, `http://[::1]/...`, `http://localhost/...`) matches the same host and path
 * on any port, as RFC 8252 §7.3 asks for native apps that listen on an ephemeral port; every other
 * URI must match exactly.
 */
export function isRegisteredRedirect(registered: readonly string[], uri: string): boolean {
  if (registered.includes(uri)) return true;
  const u = loopback(uri);
  if (u?.username !== '' || u.password !== '' || u.hash !== '') return false;
  return registered.some((r) => {
    const reg = loopback(r);
    return reg?.hostname === u.hostname && reg.pathname === u.pathname && reg.search === u.search;
  });
}
