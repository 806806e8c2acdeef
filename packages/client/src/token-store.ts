/** The tokens of one connected business. */
export interface TokenSet {
  /** Bearer token for `Authorization`. */
  readonly accessToken: string;
  /** Refresh token; rotated by every refresh (the old one stops working). */
  readonly refreshToken: string;
  /** When the access token expires, in epoch ms. */
  readonly expiresAt: number;
  /** Granted scope (`readonly` or `full_access`). */
  readonly scope?: string | undefined;
  /**
   * The business's two-letter country from the authorization callback, lower case (`de`, `pt`): the
   * variant of every call made with these tokens. A client of another variant refuses them
   * (`VARIANT_MISMATCH`) before sending anything. Kept through refreshes.
   */
  readonly country?: string | undefined;
}

/**
 * Where a token manager keeps tokens between calls and processes. Every refresh rotates the refresh
 * token, so a store must persist each new set before the old one is used again.
 */
export interface TokenStore {
  /** The stored tokens, or `undefined` when none are stored. */
  get(): TokenSet | undefined | Promise<TokenSet | undefined>;
  /** Replaces the stored tokens. */
  set(tokens: TokenSet): void | Promise<void>;
}

/**
 * A token store in memory: the default, and enough for a process that connects the user itself.
 *
 * @param initial - Tokens to start with.
 * @returns The store.
 * @example
 * ```ts
 * import { createMemoryTokenStore } from '@acctkit/client';
 * const store = createMemoryTokenStore();
 * ```
 */
export function createMemoryTokenStore(initial?: TokenSet): TokenStore {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
  };
}
