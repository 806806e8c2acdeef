import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AccountingError } from '../accounting-error.js';
import type { TokenSet, TokenStore } from '../token-store.js';
import { writeAtomic } from './write-atomic.js';

/**
 * A token store in a JSON file, for Node: written atomically (a temporary file in the same folder,
 * then a rename) with permissions `0600`, so a crash never leaves half a token set and other users
 * cannot read it. It keeps the whole {@link TokenSet}, the business's `country` included, so a client
 * of the other variant refuses the tokens after a restart too.
 *
 * @param path - The file; its folder is created when missing.
 * @returns The store.
 * @example
 * ```ts
 * import { createTokenManager } from '@acctkit/client';
 * import { createFileTokenStore } from '@acctkit/client/node';
 * declare const baseUrl: string, clientId: string, clientSecret: string, signingSecret: string;
 * const tokens = createTokenManager({
 *   baseUrl, clientId, clientSecret, signingSecret,
 *   store: createFileTokenStore('.acctkit/tokens.json'),
 * });
 * ```
 */
export function createFileTokenStore(path: string): TokenStore {
  return {
    async get(): Promise<TokenSet | undefined> {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (cause) {
        if ((cause as { code?: string }).code === 'ENOENT') return undefined;
        throw new AccountingError(
          'STORE_FAILED',
          'Could not read the token file; check its path and permissions.',
          {
            cause,
          },
        );
      }
      let parsed: Partial<Record<keyof TokenSet, unknown>> | null;
      try {
        parsed = JSON.parse(text) as Partial<Record<keyof TokenSet, unknown>> | null;
      } catch {
        parsed = null;
      }
      const { accessToken, refreshToken, expiresAt, scope, country } = parsed ?? {};
      if (
        typeof accessToken !== 'string' ||
        typeof refreshToken !== 'string' ||
        typeof expiresAt !== 'number' ||
        !(scope === undefined || typeof scope === 'string') ||
        !(country === undefined || typeof country === 'string')
      )
        throw new AccountingError(
          'STORE_FAILED',
          'The token file does not hold a token set; delete it and connect again.',
        );
      return { accessToken, refreshToken, expiresAt, scope, ...(country === undefined ? {} : { country }) };
    },
    async set(tokens: TokenSet): Promise<void> {
      await mkdir(dirname(path), { recursive: true });
      try {
        await writeAtomic(path, `${JSON.stringify(tokens)}\n`);
      } catch (cause) {
        throw new AccountingError(
          'STORE_FAILED',
          'Could not write the token file; check its folder and permissions.',
          {
            cause,
          },
        );
      }
    },
  };
}
