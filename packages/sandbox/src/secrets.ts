import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes as hex (40 hex characters for 20 bytes, like the real service). */
export function randomToken(bytes = 20): string {
  return randomBytes(bytes).toString('hex');
}

/** SHA-256 hex of a token: tokens, codes and session ids are stored hashed, never in the clear. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Hashes a password with scrypt and a salt: `scrypt$<salt hex>$<hash hex>`. */
export function hashPassword(password: string, salt: string = randomBytes(16).toString('hex')): string {
  const hash = scryptSync(password, salt, 32, { N: 4096 }).toString('hex');
  return `scrypt$${salt}$${hash}`;
}

/** Whether `password` matches a {@link hashPassword} result (constant-time comparison). */
export function checkPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const candidate = scryptSync(password, salt, 32, { N: 4096 });
  const expected = Buffer.from(hash, 'hex');
  return expected.length === candidate.length && timingSafeEqual(candidate, expected);
}
