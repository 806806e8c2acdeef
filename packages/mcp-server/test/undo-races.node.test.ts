import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChangeEntry, type ChangeJournal, createMemoryChangeJournal } from '@acctkit/change-journal';
import { openFileChangeJournal } from '@acctkit/change-journal/node';
import type { Sandbox } from '@acctkit/sandbox';
import { createMemoryStorage, type VaultStorage } from '@acctkit/token-vault';
import { type CallToolResult, Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connect, countOf, mcpClient, ok, startSandbox } from './harness.js';
import {
  authorizeWithoutBrowser,
  exchange,
  startRemote,
  startSandbox as startSandboxServer,
} from './remote-helpers.js';

// Undos racing for one journal entry: exactly one acts, the others answer ALREADY_UNDONE naming its
// entry. The service holds the racers' writes at a gate until every racer has reached the business's
// lock (or, without one, until every racer's write has arrived), so the race is real on any machine.

/** Holds the service's writes of one method and path until `open()` says so. */
class Gate {
  held = 0;
  #waiting: (() => void)[] = [];
  #match: { method: string; path: RegExp } | undefined;
  #open: () => boolean = () => true;

  /** Holds matching requests from now on, until `open` is true (checked whenever something happens). */
  arm(method: string, path: RegExp, open: () => boolean): void {
    this.held = 0;
    this.#match = { method, path };
    this.#open = open;
  }

  /** Something happened: let the held requests go if the gate is open. */
  check(): void {
    if (!this.#open()) return;
    this.#match = undefined;
    for (const go of this.#waiting.splice(0)) go();
  }

  async pass<T>(request: Request, send: () => Promise<T>): Promise<T> {
    const match = this.#match;
    if (match && request.method === match.method && match.path.test(new URL(request.url).pathname)) {
      this.held++;
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        this.check();
      });
    }
    return send();
  }
}

/** The journal, noting each call that asks for the business's lock (it delegates everything). */
function watched(journal: ChangeJournal, onLock: () => void): ChangeJournal {
  const exclusive = journal.exclusive?.bind(journal);
  return {
    append: (change) => journal.append(change),
    list: (query) => journal.list(query),
    ...(exclusive && {
      exclusive: <T>(fn: () => Promise<T>): Promise<T> => {
        onLock();
        return exclusive(fn);
      },
    }),
  };
}

type Undo = { status: string; record: { id: number }; entry?: string };

/** The structured success or the error body of each result. */
function outcomes(results: CallToolResult[]): { undone: Undo[]; refused: Record<string, unknown>[] } {
  const undone: Undo[] = [];
  const refused: Record<string, unknown>[] = [];
  for (const result of results) {
    const text = result.content[0];
    if (!result.isError) undone.push(result.structuredContent as Undo);
    else if (text?.type === 'text')
      refused.push((JSON.parse(text.text) as { error: Record<string, unknown> }).error);
  }
  return { undone, refused };
}

/** The same confirmed undo from every client at once. */
function undoFromAll(clients: readonly Client[], change: string | undefined): Promise<CallToolResult[]> {
  return Promise.all(
    clients.map(
      (client) =>
        client.callTool({
          name: 'undo_change',
          arguments: { change, confirm: true },
        }) as Promise<CallToolResult>,
    ),
  );
}

function expectOneWinner(results: CallToolResult[], racers: number): Undo {
  const { undone, refused } = outcomes(results);
  expect(undone, JSON.stringify(refused)).toHaveLength(1);
  const [winner] = undone as [Undo];
  expect(winner.status).toBe('undone');
  expect(refused).toHaveLength(racers - 1);
  for (const error of refused) expect(error).toMatchObject({ code: 'ALREADY_UNDONE', entry: winner.entry });
  return winner;
}

const CONTACTS = '/accounts/v2/contacts';

describe('racing undos on one server or several processes', () => {
  const gate = new Gate();
  let real: Sandbox;
  let connection: BusinessConnection;
  let locks = 0;

  beforeAll(async () => {
    ({ sandbox: real } = startSandbox());
    // The service as the server sees it: the real sandbox behind the gate.
    const gated = { ...real, fetch: (request: Request) => gate.pass(request, () => real.fetch(request)) };
    connection = await connect(gated as Sandbox, 'de');
  });
  afterAll(() => real.close());

  const onLock = (): void => {
    locks++;
    gate.check();
  };

  /** `count` servers over the business, each with the journal `journalOf` opens (shared, or one). */
  async function servers(count: number, journalOf: () => ChangeJournal) {
    const started = await Promise.all(
      Array.from({ length: count }, () =>
        mcpClient({
          connections: [{ ...connection, journal: watched(journalOf(), onLock) }],
        }),
      ),
    );
    return {
      clients: Array.from({ length: 3 }, (_, i) => (started[i % count] as { client: Client }).client),
      close: () => Promise.all(started.map((s) => s.close())),
    };
  }

  const journals: [string, number, () => Promise<() => ChangeJournal>][] = [
    [
      'one server, memory journal',
      1,
      async () => {
        const journal = createMemoryChangeJournal();
        return () => journal;
      },
    ],
    [
      'three processes, one journal file',
      3,
      async () => {
        const file = join(await mkdtemp(join(tmpdir(), 'acctkit-undo-race-')), 'changes-de.jsonl');
        return () => openFileChangeJournal(file);
      },
    ],
  ];

  it.each(journals)('three undos of one delete re-create it once (%s)', async (_, count, open) => {
    const { clients, close } = await servers(count, await open());
    const [first] = clients as [Client];
    const made = await ok<Undo>(first, 'create_contact', { contact_type_id: 2, name: `Race ${count}` });
    await ok(first, 'delete_contact', { id: made.record.id, confirm: true });
    const [deleted] = (await ok<{ items: ChangeEntry[] }>(first, 'list_changes', { tool: 'delete_contact' }))
      .items;
    const before = await countOf(connection, CONTACTS);

    locks = 0;
    gate.arm('POST', /^\/accounts\/v2\/contacts$/, () => gate.held >= 3 || (gate.held >= 1 && locks >= 3));
    const results = await undoFromAll(clients, deleted?.id);
    const winner = expectOneWinner(results, 3);
    expect(gate.held).toBe(1);
    expect(await countOf(connection, CONTACTS)).toBe(before + 1);
    const undos = (await ok<{ items: ChangeEntry[] }>(first, 'list_changes', { tool: 'undo_change' })).items;
    expect(undos.map((e) => e.id)).toEqual([winner.entry]);
    await close();
  });

  it.each(journals)('two undos of one update send one update (%s)', async (_, count, open) => {
    const { clients, close } = await servers(Math.min(count, 2), await open());
    const [first, second] = clients as [Client, Client];
    const made = await ok<Undo>(first, 'create_expense', {
      date: '2026-03-15',
      total: `${40 + count}.00`,
      bank_account_id: 1,
      ledger_account_id: 111,
    });
    const id = made.record.id;
    await ok(first, 'update_expense', { id, reference: `Race ${count}` });
    const [updated] = (
      await ok<{ items: ChangeEntry[] }>(first, 'list_changes', {
        kind: 'expenses',
        id,
        tool: 'update_expense',
      })
    ).items;

    locks = 0;
    gate.arm(
      'PUT',
      /^\/accounts\/v2\/expenses\/\d+$/,
      () => gate.held >= 2 || (gate.held >= 1 && locks >= 2),
    );
    const results = await undoFromAll([first, second], updated?.id);
    expectOneWinner(results, 2);
    expect(gate.held).toBe(1);
    const entries = (await ok<{ items: ChangeEntry[] }>(first, 'list_changes', { kind: 'expenses', id }))
      .items;
    expect(entries.filter((e) => e.tool === 'undo_change')).toHaveLength(1);
    await close();
  });
});

describe('racing undos on the remote server', () => {
  it('three undos of one delete, sent to separate requests, re-create it once', async () => {
    const sandbox = await startSandboxServer();
    const gate = new Gate();
    let lockWaits = 0;
    // The vault, noting each look at the business's lock that finds it held by another request.
    const vault = createMemoryStorage();
    const storage: VaultStorage = {
      get: async (key) => {
        const found = await vault.get(key);
        if (found && key.startsWith('lock:journal-creates:')) {
          lockWaits++;
          gate.check();
        }
        return found as never;
      },
      set: (key, value, options) => vault.set(key, value, options),
      delete: (key) => vault.delete(key),
    };
    const remote = await startRemote(sandbox, {
      storage,
      fetch: (request) => gate.pass(request, () => fetch(request)),
    });
    try {
      const token = String(
        (await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token,
      );
      const clients = await Promise.all([0, 1, 2].map(() => connectClient(remote.mcpUrl, token)));
      const [first] = clients as [Client];
      const made = await ok<Undo>(first, 'create_contact', { contact_type_id: 2, name: 'Remote Race KG' });
      await ok(first, 'delete_contact', { id: made.record.id, confirm: true });
      const [deleted] = (
        await ok<{ items: ChangeEntry[] }>(first, 'list_changes', { tool: 'delete_contact' })
      ).items;

      // Open once the first re-create waits and the others were seen waiting for the lock.
      lockWaits = 0;
      gate.arm(
        'POST',
        /^\/accounts\/v2\/contacts$/,
        () => gate.held >= 3 || (gate.held >= 1 && lockWaits >= 2),
      );
      const results = await undoFromAll(clients, deleted?.id);
      const winner = expectOneWinner(results, 3);
      expect(gate.held).toBe(1);
      const found = await ok<{ items: { id: number }[] }>(first, 'list_contacts', {
        search: 'Remote Race KG',
      });
      expect(found.items.map((c) => c.id)).toEqual([winner.record.id]);
      await Promise.all(clients.map((c) => c.close()));
    } finally {
      await remote.close();
      await sandbox.close();
    }
  });
});

async function connectClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'race-client', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
