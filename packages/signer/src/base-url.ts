import { SignerError } from './signer-error.js';
export function splitUrl(url: string | URL): [base: string, query: string] {
  let u: URL;
  try {
    u = new URL(url);
  } catch (cause) {
    throw new SignerError('INVALID_URL', 'URL must be absolute', { cause });
  }
  const { hostname, port, pathname } = u;
  return [`https://${hostname}${/^(80|443)?$/.test(port) ? '' : `:${port}`}${pathname}`, u.search.slice(1)];
}
