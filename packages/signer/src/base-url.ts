import { SignerError } from './signer-error.js';

/**
 * Splits a request URL into its signed base URL (`https`, the host as `URL` gives it, lower-case, with
 * port 443 or 80 dropped and any other port kept, the path as sent) and its raw query without `?`.
 */
export function splitUrl(url: string | URL): [base: string, query: string] {
  let u: URL;
  try {
    u = new URL(url);
  } catch (cause) {
    throw new SignerError('INVALID_URL', 'Not an absolute URL', { cause });
  }
  return [`https://${u.host.replace(/:(443|80)$/, '')}${u.pathname}`, u.search.slice(1)];
}
