/**
 * A revoked grant stays revoked: a refresh of its upstream tokens that is in flight while the grant
 * is revoked (here by a replayed refresh token, RFC 6749 §10.4) stores nothing afterwards. The
 * service's token endpoint holds the refresh until the grant is revoked, then lets it through.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@acctkit/sandbox';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  refresh,
  startRemote,
  startSandbox,
} from './remote-helpers.js';

/** A promise and its resolver. */
function signal(): { readonly promise: Promise<void>; readonly fire: () => void } {
  let fire = (): void => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

/** The live keys (not expired, which storage reads as absent) in the remote server's SQLite file that start with `prefix`. */
function storedKeys(file: string, prefix: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT key FROM vault_kv WHERE key LIKE ? AND (expires_at IS NULL OR expires_at > ?)')
      .all(`${prefix}%`, Date.now()) as {
      key: string;
    }[];
    return rows.map((r) => r.key);
  } finally {
    db.close();
  }
}

const LIST_CONTACTS = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_contacts', arguments: { limit: 1 } },
};

describe('remote server: a grant revoked while its upstream tokens are refreshed', () => {
  let sandbox: RunningServer;
  let remote: RunningRemoteServer;
  const file = join(mkdtempSync(join(tmpdir(), 'acctkit-revocation-')), 'remote.sqlite');
  const arrived = signal();
  const release = signal();
  let refreshes = 0;
  let offset = 0;

  beforeAll(async () => {
    // The service issues 61 s tokens: two seconds later they are inside the 60 s refresh margin.
    sandbox = await startSandbox({ accessTokenTtlSeconds: 61 });
    remote = await startRemote(sandbox, {
      database: file,
      now: () => Date.now() + offset,
      async fetch(request) {
        const form = new URLSearchParams(await request.clone().text());
        if (new URL(request.url).pathname === '/oauth2/token' && form.get('grant_type') === 'refresh_token') {
          refreshes++;
          arrived.fire();
          await release.promise;
        }
        return fetch(request);
      },
    });
  });
  afterAll(async () => {
    await remote?.close();
    await sandbox?.close();
  });

  it('stays revoked: the refreshed upstream tokens are not stored back, and every token of the grant is refused', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    expect(storedKeys(file, 'upstream:')).toHaveLength(1);
    offset = 2_000;

    const pending = mcpPost(remote, String(first.access_token), LIST_CONTACTS);
    await arrived.promise;
    // Revoked through its own path: a refresh token used twice revokes the whole grant.
    const second = await refresh(remote, a.clientId, first.refresh_token);
    expect(second.status).toBe(200);
    const replay = await refresh(remote, a.clientId, first.refresh_token);
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(storedKeys(file, 'upstream:')).toEqual([]);
    release.fire();

    // The call itself answers 401 invalid_token: its grant ended while it ran, so the client signs in again.
    const answer = await pending;
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(refreshes).toBe(1);
    // Nothing of the grant's upstream tokens is back, nor its refresh lease.
    expect(storedKeys(file, 'upstream:')).toEqual([]);
    expect(storedKeys(file, 'lock:upstream:')).toEqual([]);
    expect((await mcpPost(remote, String(second.body.access_token), LIST_CONTACTS)).status).toBe(401);
    expect(storedKeys(file, 'upstream:')).toEqual([]);
  });
});
