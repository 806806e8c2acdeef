import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangeEntry, NewChange } from '@acctkit/change-journal';
import { createMemoryStorage } from '@acctkit/token-vault';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { JOURNAL_PAGE_SIZE, vaultChangeJournal } from '../src/remote/vault-change-journal.js';
import {
  authorizeWithoutBrowser,
  exchange,
  sandboxAdmin,
  startRemote,
  startSandbox,
  testKey,
} from './remote-helpers.js';

async function connectClient(url: string, token: string): Promise<Client> {
  const client = new Client(
    { name: 'journal-client', version: '2.1.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      // A pooled keep-alive socket of the server before its restart fails once: send again on a new one.
      fetch: (input, init) => fetch(input, init).catch(() => fetch(input, init)),
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function entriesOf(client: Client, business: string): Promise<ChangeEntry[]> {
  const read = await client.readResource({ uri: `acctkit://${business}/journal` });
  const [content] = read.contents;
  return (JSON.parse(content && 'text' in content ? content.text : '{}') as { entries: ChangeEntry[] })
    .entries;
}

describe('the remote server’s change journal', () => {
  it('names the signed-in user, the OAuth client and the MCP client; it and the idempotency keys outlive a restart on SQLite', async () => {
    const sandbox = await startSandbox();
    const database = join(mkdtempSync(join(tmpdir(), 'acctkit-remote-journal-')), 'remote.sqlite');
    const key = testKey();
    let remote = await startRemote(sandbox, { database, encryptionKeys: [key] });
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      const token = String((await exchange(remote, a)).body.access_token);
      const client = await connectClient(remote.mcpUrl, token);
      const created = await client.callTool({
        name: 'create_contact',
        arguments: { name: 'Remote Journal KG', contact_type_id: 2, idempotency_key: 'remote-key-1' },
      });
      expect(created.isError).toBeFalsy();
      const id = (created.structuredContent as { record: { id: number } }).record.id;
      const [entry] = await entriesOf(client, 'de');
      expect(entry).toMatchObject({
        business: 'de',
        tool: 'create_contact',
        kind: 'contacts',
        recordId: id,
        operation: 'create',
        before: null,
        after: { id, name: 'Remote Journal KG' },
        status: 201,
        client: { name: 'journal-client', version: '2.1.0' },
        oauthClientId: a.clientId,
        // The user who signed in to the service for this grant (GET /core/v2/me at the callback).
        user: 'anna@demo.acctkit.test',
      });
      await client.close();
      const port = Number(new URL(remote.url).port);
      await remote.close();

      // Same address (tokens are bound to it), same file, same key: a restart.
      remote = await startRemote(sandbox, { database, encryptionKeys: [key], port });
      const again = await connectClient(remote.mcpUrl, token);
      expect((await entriesOf(again, 'de')).map((e) => e.recordId)).toEqual([id]);
      // The idempotency key outlives the restart too (it is kept with the journal, in the vault).
      const retried = await again.callTool({
        name: 'create_contact',
        arguments: { name: 'Remote Journal KG', contact_type_id: 2, idempotency_key: 'remote-key-1' },
      });
      expect(retried.structuredContent).toMatchObject({ status: 'already_created', record: { id } });
      expect((await entriesOf(again, 'de')).map((e) => e.recordId)).toEqual([id]);
      await again.close();
    } finally {
      await remote.close();
      await sandbox.close();
    }
  });

  it('makes one record of two calls with one idempotency key, sent at once to separate requests', async () => {
    const sandbox = await startSandbox();
    const remote = await startRemote(sandbox);
    try {
      const a = await authorizeWithoutBrowser(remote, sandbox);
      const token = String((await exchange(remote, a)).body.access_token);
      const [one, two] = [
        await connectClient(remote.mcpUrl, token),
        await connectClient(remote.mcpUrl, token),
      ];
      // The service takes 1.5 s for the first create: whichever call gets there first holds the lock.
      await sandboxAdmin(sandbox, 'faults', { type: 'latency', count: 1, latency_ms: 1500 });
      const args = { name: 'Concurrent Remote KG', contact_type_id: 2, idempotency_key: 'remote-concurrent' };
      const results = await Promise.all(
        [one, two].map((client) => client.callTool({ name: 'create_contact', arguments: args })),
      );
      const statuses = results.map((r) => (r.structuredContent as { status: string }).status).sort();
      expect(statuses).toEqual(['already_created', 'created']);
      const ids = results.map((r) => (r.structuredContent as { record: { id: number } }).record.id);
      expect(ids[0]).toBe(ids[1]);
      expect(
        (await entriesOf(one, 'de')).filter((e) => e.idempotencyKey === 'remote-concurrent'),
      ).toHaveLength(1);
      await Promise.all([one.close(), two.close()]);
    } finally {
      await remote.close();
      await sandbox.close();
    }
  });

  it('keeps pages within the retention and the maximum number of entries', async () => {
    const clock = { now: Date.parse('2026-11-01T00:00:00Z') };
    const storage = createMemoryStorage(() => clock.now);
    const journal = vaultChangeJournal(
      storage,
      'de:1',
      { retentionDays: 10, maxEntries: 60 },
      () => clock.now,
    );
    const change = (recordId: number): NewChange => ({
      business: 'de',
      tool: 'create_contact',
      kind: 'contacts',
      recordId,
      operation: 'create',
      before: null,
      after: { id: recordId },
      status: 201,
    });
    await Promise.all(Array.from({ length: 30 }, (_, i) => journal.append(change(i + 1))));
    expect((await journal.list({ limit: 500 })).entries).toHaveLength(30);
    for (let i = 31; i <= 200; i++) await journal.append(change(i));
    const kept = (await journal.list({ limit: 500 })).entries.map((e) => e.recordId);
    expect(kept[0]).toBe(200);
    expect(kept).toHaveLength(60);
    // Whole pages beyond the maximum are deleted from storage, not only hidden.
    expect(storage.size()).toBeLessThanOrEqual(Math.ceil(60 / JOURNAL_PAGE_SIZE) + 3);
    clock.now += 11 * 86_400_000;
    expect((await journal.list()).entries).toEqual([]);
    await journal.append(change(201));
    expect((await journal.list()).entries.map((e) => e.recordId)).toEqual([201]);
  });
});
