/**
 * The base URL that is signed: always `https`, host in lower case, ports 443 and 80 dropped and any
 * other port kept, path as sent (trailing slash kept), no query and no fragment. The scheme is fixed so
 * that a local sandbox on plain `http` verifies the same string as the real service.
 */
export function baseUrl(url: URL): string {
  const { port } = url;
  return `https://${url.hostname}${port && port !== '443' && port !== '80' ? `:${port}` : ''}${url.pathname}`;
}
