/**
 * The token broker over a storage that returns a fresh copy on every read (as SQLite and Durable
 * Objects do): concurrent first requests over an expired token share one refresh and all get the
 * new access token, against the sandbox's token endpoint, which rotates refresh tokens.
 */
import type { TokenSet } from '@acctkit/client';
import { matrixSandbox } from '@acctkit/testing';
import { describe, expect, it } from 'vitest';
import { createTokenBroker } from '../src/index.js';
import { mint } from './helpers/proxy-fixture.js';

describe('createTokenBroker', () => {
  it('10 concurrent first calls over an expired token: one refresh, every caller gets the new token', async () => {
    const sandbox = matrixSandbox();
    const minted = await mint(sandbox, 'pt');
    let stored: TokenSet = { accessToken: '', refreshToken: minted.refresh_token, expiresAt: 0 };
    let tokenCalls = 0;
    const broker = createTokenBroker({
      upstream: {
        baseUrl: sandbox.url,
        clientId: minted.client_id,
        clientSecret: minted.client_secret,
        signingSecret: minted.signing_secret,
      },
      storage: {
        // A copy per read, as a database gives.
        getTokens: async () => ({ ...stored }),
        setTokens: async (_connection, tokens) => {
          stored = { ...tokens };
        },
      },
      fetch: (request) => {
        if (request.url.endsWith('/oauth2/token')) tokenCalls++;
        return fetch(request);
      },
    });
    const all = await Promise.all(Array.from({ length: 10 }, () => broker.credentials('pt')));
    expect(tokenCalls).toBe(1);
    expect(stored.accessToken).not.toBe('');
    expect(all.map((c) => c.accessToken)).toEqual(Array(10).fill(stored.accessToken));
  });
});
