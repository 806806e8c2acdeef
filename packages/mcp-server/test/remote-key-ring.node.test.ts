// Sealed upstream tokens that no longer open under the key ring: a key removed from
// ACCTKIT_MCP_ENCRYPTION_KEYS, a sealed value altered in storage, two grants' values swapped. Each must
// send the MCP client back to sign-in (401 invalid_token at /mcp, invalid_grant at /token), never
// answer INTERNAL_ERROR forever, and a new sign-in must work.

import { DEMO_CLIENT, type RunningServer } from '@acctkit/sandbox';
import type { VaultStorage } from '@acctkit/token-vault';
import { createSqliteStorage } from '@acctkit/token-vault/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRemoteApp } from '../src/remote/index.js';
import { sha256 } from '../src/remote/secrets.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  refresh,
  register,
  startSandbox,
  type Target,
  testKey,
} from './remote-helpers.js';

const PUBLIC_URL = 'http://127.0.0.1:8790';
let sandbox: RunningServer;
let storage: VaultStorage & { close(): void };

beforeAll(async () => {
  sandbox = await startSandbox();
});
beforeEach(() => {
  storage?.close();
  storage = createSqliteStorage(':memory:');
});
afterAll(async () => {
  storage?.close();
  await sandbox?.close();
});

/** The remote app over the shared storage with this key ring: a restart with a new ring is a new app. */
function remoteWith(keys: { id: string; key: Uint8Array }[]): Target {
  const app = createRemoteApp(
    {
      publicUrl: PUBLIC_URL,
      upstream: {
        baseUrl: sandbox.url,
        authUrl: sandbox.url,
        clientId: DEMO_CLIENT.clientId,
        clientSecret: DEMO_CLIENT.clientSecret,
        signingSecret: DEMO_CLIENT.signingSecret,
        userAgent: 'acctkit-mcp-remote-test',
      },
      encryptionKeys: keys,
      registrationsPerMinute: 0,
      rateLimitPerMinute: 0,
    },
    storage,
  );
  return {
    url: PUBLIC_URL,
    mcpUrl: `${PUBLIC_URL}/mcp`,
    fetch: async (input, init) => app.request(String(input), init),
  };
}

interface Signed {
  readonly clientId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly grantId: string;
}

async function signIn(remote: Target, clientId: string): Promise<Signed> {
  const { status, body } = await exchange(
    remote,
    await authorizeWithoutBrowser(remote, sandbox, { clientId }),
  );
  expect(status).toBe(200);
  const accessToken = String(body.access_token);
  const access = await storage.get<{ grantId: string }>(`at:${await sha256(accessToken)}`);
  return {
    clientId,
    accessToken,
    refreshToken: String(body.refresh_token),
    grantId: String(access?.value.grantId),
  };
}

const listContacts = (remote: Target, token: string) =>
  mcpPost(remote, token, {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'list_contacts', arguments: { limit: 1 } },
  });

/** 401 invalid_token with the challenge MCP clients follow to sign in again. */
async function expectSignInAgain(res: Response): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(401);
  expect(res.headers.get('www-authenticate')).toMatch(
    /^Bearer resource_metadata="[^"]+", error="invalid_token"/,
  );
}

/** /mcp first: 401; then the grant is gone for good at /mcp and /token, its sealed tokens deleted. */
async function expectEndedAtMcp(remote: Target, grant: Signed): Promise<void> {
  const first = await listContacts(remote, grant.accessToken);
  expect(first.headers.get('www-authenticate')).toContain('can no longer be opened');
  await expectSignInAgain(first);
  await expectSignInAgain(await listContacts(remote, grant.accessToken));
  expect((await refresh(remote, grant.clientId, grant.refreshToken)).body.error).toBe('invalid_grant');
  expect(await storage.get(`upstream:${grant.grantId}`)).toBeUndefined();
}

/** /token first: invalid_grant, and no more tokens; the access token already issued gets 401. */
async function expectEndedAtToken(remote: Target, grant: Signed): Promise<void> {
  const refused = await refresh(remote, grant.clientId, grant.refreshToken);
  expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  expect(await storage.get(`upstream:${grant.grantId}`)).toBeUndefined();
  await expectSignInAgain(await listContacts(remote, grant.accessToken));
}

/** A new sign-in of the same MCP client starts a clean grant that works. */
async function expectFreshSignInWorks(remote: Target, clientId: string): Promise<void> {
  const again = await signIn(remote, clientId);
  const res = await listContacts(remote, again.accessToken);
  expect(res.status).toBe(200);
  const { result } = (await res.json()) as {
    result: { isError?: boolean; structuredContent: { items: unknown[] } };
  };
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent.items).toHaveLength(1);
  expect((await refresh(remote, clientId, again.refreshToken)).status).toBe(200);
}

/** Changes one character inside the ciphertext (not the last, whose low bits may be padding). */
function tampered(sealed: string): string {
  const at = sealed.lastIndexOf('.') + 5;
  return sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
}

async function sealedOf(grant: Signed): Promise<{ value: { sealed: string }; version: number }> {
  const entry = await storage.get<{ sealed: string }>(`upstream:${grant.grantId}`);
  if (!entry) throw new Error(`no sealed tokens for grant ${grant.grantId}`);
  return entry;
}

describe('sealed upstream tokens the key ring cannot open', () => {
  it('a key removed from the ring: 401 invalid_token at /mcp, invalid_grant at /token, then a new sign-in works', async () => {
    const before = remoteWith([testKey('k1')]);
    const clientId = await register(before);
    const first = await signIn(before, clientId);
    const second = await signIn(before, clientId);
    expect((await listContacts(before, first.accessToken)).status).toBe(200);

    // Restarted with k1 gone from ACCTKIT_MCP_ENCRYPTION_KEYS.
    const after = remoteWith([testKey('k2')]);
    await expectEndedAtMcp(after, first);
    await expectEndedAtToken(after, second);
    await expectFreshSignInWorks(after, clientId);
  });

  it('a sealed value altered in storage: the same, whichever endpoint meets it first', async () => {
    const remote = remoteWith([testKey('k1')]);
    const clientId = await register(remote);
    for (const meet of [expectEndedAtMcp, expectEndedAtToken]) {
      const grant = await signIn(remote, clientId);
      const entry = await sealedOf(grant);
      const altered = { ...entry.value, sealed: tampered(entry.value.sealed) };
      expect(await storage.set(`upstream:${grant.grantId}`, altered, { expected: entry.version })).toBe(true);
      await meet(remote, grant);
    }
    await expectFreshSignInWorks(remote, clientId);
  });

  it("two grants' sealed values swapped: neither opens under the other's name", async () => {
    const remote = remoteWith([testKey('k1')]);
    const clientId = await register(remote);
    const one = await signIn(remote, clientId);
    const two = await signIn(remote, clientId);
    const [a, b] = [await sealedOf(one), await sealedOf(two)];
    expect(await storage.set(`upstream:${one.grantId}`, b.value, { expected: a.version })).toBe(true);
    expect(await storage.set(`upstream:${two.grantId}`, a.value, { expected: b.version })).toBe(true);
    await expectEndedAtMcp(remote, one);
    await expectEndedAtToken(remote, two);
    await expectFreshSignInWorks(remote, clientId);
  });
});
