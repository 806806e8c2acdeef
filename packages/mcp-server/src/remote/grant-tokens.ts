import type { TokenManager, TokenSet } from '@acctkit/client';
import type { GrantRecord, UpstreamTokens } from './grant-records.js';
import type { ResolvedConfig } from './remote-config.js';
import { RemoteError } from './remote-error.js';
import { type RemoteStorage, updateKey } from './remote-storage.js';
import { randomToken } from './secrets.js';
import type { TokenCipher } from './token-cipher.js';
import { isGrantGone, type Upstream } from './upstream.js';

const LEASE_MS = 30_000;
const MARGIN_MS = 60_000;

/** What a grant's token manager needs. */
export interface GrantTokenContext {
  readonly config: ResolvedConfig;
  readonly storage: RemoteStorage;
  readonly cipher: TokenCipher;
  readonly upstream: Upstream;
  /** Refreshes under way in this process, by grant id. */
  readonly inflight: Map<string, Promise<UpstreamTokens>>;
}

/** Seals upstream tokens for one grant. */
export function sealTokens(cipher: TokenCipher, grantId: string, tokens: UpstreamTokens): Promise<string> {
  return cipher.encrypt(JSON.stringify(tokens), `grant:${grantId}`);
}

async function openTokens(cipher: TokenCipher, grant: GrantRecord): Promise<UpstreamTokens> {
  return JSON.parse(await cipher.decrypt(grant.upstream, `grant:${grant.id}`)) as UpstreamTokens;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A grant's upstream access ended: the MCP client must authorize again. */
function reauthorizeError(): RemoteError {
  return new RemoteError(
    'REAUTHORIZE',
    'The accounting service no longer accepts this connection (revoked or expired); sign in again.',
  );
}

/**
 * The token manager of one grant, for `createClient`: credentials come from the grant's sealed
 * upstream tokens; a refresh takes a lease on the grant record by compare-and-set, so one instance
 * refreshes and every other waits for its result (the Durable Object of the key serializes the
 * compare-and-set on Workers, SQLite on Node). A refused refresh marks the grant revoked.
 */
export function createGrantTokenManager(ctx: GrantTokenContext, grantId: string): TokenManager {
  const { config, storage, cipher, upstream } = ctx;
  const key = `grant:${grantId}`;
  const owner = randomToken('', 12);

  async function load(): Promise<{ grant: GrantRecord; version: number; tokens: UpstreamTokens }> {
    const stored = await storage.get<GrantRecord>(key);
    if (!stored || stored.value.revoked) throw reauthorizeError();
    return { grant: stored.value, version: stored.version, tokens: await openTokens(cipher, stored.value) };
  }

  async function refreshOnce(rejected: string | undefined): Promise<UpstreamTokens> {
    const deadline = config.now() + LEASE_MS + 5_000;
    for (;;) {
      const { grant, version, tokens } = await load();
      const fresh = tokens.expiresAt - MARGIN_MS > config.now();
      if (rejected !== undefined ? tokens.accessToken !== rejected : fresh) return tokens;
      if (grant.lease && grant.lease.until > config.now() && grant.lease.owner !== owner) {
        if (config.now() > deadline)
          throw new RemoteError('UPSTREAM', 'Timed out waiting for a token refresh.');
        await sleep(25);
        continue;
      }
      const leased: GrantRecord = { ...grant, lease: { owner, until: config.now() + LEASE_MS } };
      if (!(await storage.set(key, leased, { expected: version }))) continue;
      let next: UpstreamTokens;
      try {
        const r = await upstream.refresh(tokens.refreshToken);
        next = {
          accessToken: r.access_token,
          refreshToken: r.refresh_token ?? tokens.refreshToken,
          expiresAt: config.now() + (r.expires_in ?? 3600) * 1000,
          scope: r.scope ?? tokens.scope,
        };
      } catch (cause) {
        const gone = isGrantGone(cause);
        await updateKey<GrantRecord, void>(storage, key, (g) =>
          g
            ? {
                value: { ...g, lease: undefined, ...(gone && { revoked: 'upstream' as const }) },
                result: undefined,
              }
            : { result: undefined },
        );
        if (gone) throw reauthorizeError();
        throw new RemoteError(
          'UPSTREAM',
          'The accounting service could not refresh the connection; try again.',
          {
            cause,
          },
        );
      }
      const sealed = await sealTokens(cipher, grantId, next);
      await updateKey<GrantRecord, void>(storage, key, (g) =>
        g
          ? { value: { ...g, upstream: sealed, lease: undefined }, result: undefined }
          : { result: undefined },
      );
      return next;
    }
  }

  function refresh(rejected: string | undefined): Promise<UpstreamTokens> {
    const running = ctx.inflight.get(grantId);
    if (running) return running;
    const p = refreshOnce(rejected).finally(() => ctx.inflight.delete(grantId));
    ctx.inflight.set(grantId, p);
    return p;
  }

  const toSet = (t: UpstreamTokens): TokenSet => ({ ...t });

  return {
    async credentials() {
      let { tokens } = await load();
      if (tokens.expiresAt - MARGIN_MS <= config.now()) tokens = await refresh(undefined);
      return { signingSecret: config.upstream.signingSecret, accessToken: tokens.accessToken };
    },
    async refresh(options) {
      return toSet(await refresh(options?.rejected));
    },
    async exchangeCode() {
      throw new RemoteError('UPSTREAM', 'A grant exchanges its code once, at the authorization callback.');
    },
    async tokens() {
      return toSet((await load()).tokens);
    },
    async setTokens(tokens) {
      const sealed = await sealTokens(cipher, grantId, tokens);
      await updateKey<GrantRecord, void>(storage, key, (g) =>
        g ? { value: { ...g, upstream: sealed }, result: undefined } : { result: undefined },
      );
    },
  };
}
