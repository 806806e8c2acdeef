import { timingSafeEqual } from '@acctkit/signer';
import { base64url } from './base64url.js';

const encoder = new TextEncoder();

async function mac(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`acctkit-edge-proxy/connect\n${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload))));
}

/**
 * A signed, expiring ticket naming the connection a business owner may connect: the admin hands it
 * out as a link, and it comes back as the OAuth `state`. Nothing is stored, so it works across
 * processes and isolates; the signature (HMAC-SHA256 keyed by the admin token) stops anyone from
 * connecting a business under a name they were not given.
 *
 * @returns `connection.expiresAt.nonce.mac`.
 */
export async function issueTicket(secret: string, connection: string, expiresAt: number): Promise<string> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(12)));
  const payload = `${connection}.${expiresAt}.${nonce}`;
  return `${payload}.${await mac(secret, payload)}`;
}

/** The connection a valid, unexpired ticket names, or `undefined`. */
export async function readTicket(secret: string, ticket: string, now: number): Promise<string | undefined> {
  const parts = ticket.split('.');
  if (parts.length !== 4) return undefined;
  const [connection, expires, nonce, given] = parts as [string, string, string, string];
  const expected = await mac(secret, `${connection}.${expires}.${nonce}`);
  if (!timingSafeEqual(given, expected)) return undefined;
  if (!(Number(expires) > now)) return undefined;
  return connection;
}
