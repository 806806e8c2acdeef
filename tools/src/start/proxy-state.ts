import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Where the signing proxy of `npm start` keeps its state when the sandbox's data is kept on disk: in
 * the folder of the sandbox's file (`.acctkit/` by default), so that keys survive a restart as the
 * data does. The proxy's own SQLite file holds its connections, their tokens sealed with the key ring,
 * and its keys as SHA-256 hashes, as it does anywhere; the key ring is a file beside it.
 */
export interface ProxyState {
  /** The proxy's SQLite file (`proxy.sqlite`). */
  readonly database: string;
  /** The key ring sealing the stored tokens, in its text form `id:base64url` (`proxy-encryption-keys`, 0600). */
  readonly encryptionKeys: string;
}

/**
 * The proxy state beside `sandboxDatabase`, its key ring made (32 random bytes) on the first start.
 *
 * @param sandboxDatabase - The sandbox's SQLite file.
 */
export function proxyState(sandboxDatabase: string): ProxyState {
  const dir = dirname(sandboxDatabase);
  const ringFile = join(dir, 'proxy-encryption-keys');
  if (!existsSync(ringFile)) {
    mkdirSync(dir, { recursive: true });
    try {
      // `wx`: a second npm start making its ring at the same moment keeps the first one's.
      writeFileSync(ringFile, `start:${randomBytes(32).toString('base64url')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
  }
  return { database: join(dir, 'proxy.sqlite'), encryptionKeys: readFileSync(ringFile, 'utf8').trim() };
}
