// Both protocol versions end to end: the SDK's v2 client on 2026-07-28 (server/discover, no
// initialize) and on 2025-11-25 (initialize), and its v1 client (2025-11-25), over stdio (the built
// bin), local Streamable HTTP and the remote server on Node. Each lists the tools, calls one, and
// deletes a contact the way its client can confirm: a form (input requests on 2026-07-28,
// `elicitation/create` on 2025-11-25) or `confirm: true`.
import type { RunningServer } from '@acctkit/sandbox';
import { createMemoryStorage } from '@acctkit/token-vault';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../src/node/index.js';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import { BIN, cleanEnv, requireBuiltBin } from './e2e-bin.js';
import { authorizeWithoutBrowser, exchange, startRemote, startSandbox } from './remote-helpers.js';

type Client2Mode = 'modern' | 'legacy';
type ClientKind = Client2Mode | 'v1';

interface Result {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: unknown[];
}

/** What a test needs of a client, whichever SDK version it comes from. */
interface Session {
  readonly version: string | undefined;
  readonly forms: string[];
  readonly logs: unknown[];
  call(name: string, args: Record<string, unknown>): Promise<Result>;
  tools(): Promise<string[]>;
  setLevel(level: 'debug' | 'warning'): Promise<void>;
  close(): Promise<void>;
}

interface Wire {
  /** The server as a child process, or its URL and the headers each request needs. */
  readonly stdio?: { command: string; args: string[]; env: Record<string, string> };
  readonly http?: { url: string; headers: Record<string, string> };
}

const MODERN = '2026-07-28';

async function connect(kind: ClientKind, wire: Wire, forms: boolean): Promise<Session> {
  const seen: string[] = [];
  const logs: unknown[] = [];
  const answer = (message: string) => {
    seen.push(message);
    return { action: 'accept' as const, content: { confirm: true } };
  };
  const capabilities = forms ? { elicitation: { form: {} } } : {};
  if (kind === 'v1') {
    const client = new V1Client({ name: 'v1-client', version: '1.0.0' }, { capabilities });
    if (forms) client.setRequestHandler(ElicitRequestSchema, (r) => answer(r.params.message));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params.data);
    });
    await client.connect(
      wire.stdio
        ? new V1StdioClientTransport({ ...wire.stdio, stderr: 'ignore' })
        : new V1StreamableHTTPClientTransport(new URL(wire.http?.url ?? ''), {
            requestInit: { headers: wire.http?.headers ?? {} },
          }),
    );
    // The v1 client speaks 2025-11-25 at most and does not say which version it negotiated.
    return {
      version: undefined,
      forms: seen,
      logs,
      call: async (name, args) => (await client.callTool({ name, arguments: args })) as Result,
      tools: async () => (await client.listTools()).tools.map((t) => t.name),
      setLevel: async (level) => {
        await client.setLoggingLevel(level);
      },
      close: () => client.close(),
    };
  }
  const client = new Client(
    { name: `v2-${kind}-client`, version: '1.0.0' },
    {
      capabilities,
      versionNegotiation: { mode: kind === 'modern' ? { pin: MODERN } : 'legacy' },
    },
  );
  if (forms) client.setRequestHandler('elicitation/create', async (r) => answer(r.params.message));
  client.setNotificationHandler('notifications/message', (n) => {
    logs.push(n.params.data);
  });
  await client.connect(
    wire.stdio
      ? new StdioClientTransport({ ...wire.stdio, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(new URL(wire.http?.url ?? ''), {
          requestInit: { headers: wire.http?.headers ?? {} },
        }),
  );
  return {
    version: client.getNegotiatedProtocolVersion(),
    forms: seen,
    logs,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as Result,
    tools: async () => (await client.listTools()).tools.map((t) => t.name),
    setLevel: async (level) => {
      if (kind === 'legacy') await client.setLoggingLevel(level);
    },
    close: () => client.close(),
  };
}

const CONTACT = {
  business: 'de',
  name: 'Ida Vogel',
  company: 'Vogel Druck KG',
  contact_type_id: 2,
  email: 'ida@vogel.example',
  main_address: { line_1: 'Hauptstr. 1', town: 'Köln', postcode: '50667' },
};

/** Creates a contact and deletes it, confirming through a form or with `confirm: true`. */
async function createAndDelete(session: Session, form: boolean): Promise<void> {
  const created = await session.call('create_contact', CONTACT);
  expect(created.isError).toBeFalsy();
  const id = (created.structuredContent as { record: { id: number } }).record.id;
  const args = { business: 'de', id };
  if (form) {
    const deleted = await session.call('delete_contact', args);
    expect(deleted.structuredContent).toMatchObject({ status: 'deleted' });
    expect(session.forms).toHaveLength(1);
    expect(session.forms[0]).toContain('Ida Vogel');
    return;
  }
  const refused = await session.call('delete_contact', args);
  expect(refused.isError).toBe(true);
  expect(JSON.stringify(refused.content)).toContain('CONFIRMATION_REQUIRED');
  const deleted = await session.call('delete_contact', { ...args, confirm: true });
  expect(deleted.structuredContent).toMatchObject({ status: 'deleted' });
}

/** The version each client lands on; every transport carries forms (2025-11-25 over HTTP in a session). */
function expectations(kind: ClientKind): { version: string; forms: boolean } {
  return { version: kind === 'modern' ? MODERN : '2025-11-25', forms: true };
}

const KINDS: ClientKind[] = ['modern', 'legacy', 'v1'];

beforeAll(() => requireBuiltBin());

describe.each(KINDS)('over stdio, %s client', (kind) => {
  const wire = (): Wire => ({
    stdio: { command: process.execPath, args: [BIN, '--sandbox'], env: cleanEnv() },
  });

  it('negotiates its version, lists and calls tools, confirms a delete through a form', async () => {
    const session = await connect(kind, wire(), true);
    try {
      const expected = expectations(kind);
      if (kind !== 'v1') expect(session.version).toBe(expected.version);
      expect(await session.tools()).toContain('list_contacts');
      const listed = await session.call('list_contacts', { business: 'de', limit: 2 });
      expect((listed.structuredContent as { items: unknown[] }).items.length).toBeGreaterThan(0);
      await createAndDelete(session, true);
    } finally {
      await session.close();
    }
  });

  it('sends log lines only to clients on 2025-11-25', async () => {
    const session = await connect(kind, wire(), false);
    try {
      await session.setLevel('warning');
      const failed = await session.call('get_contact', { business: 'de', id: 987_654 });
      expect(failed.isError).toBe(true);
      if (kind === 'modern') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(session.logs).toEqual([]);
      } else await expect.poll(() => session.logs.length).toBe(1);
    } finally {
      await session.close();
    }
  });

  it('without forms, needs confirm: true', async () => {
    const session = await connect(kind, wire(), false);
    try {
      await createAndDelete(session, false);
    } finally {
      await session.close();
    }
  });
});

describe('over local Streamable HTTP', () => {
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startHttpServer({ sandbox: true, port: 0 });
  });
  afterAll(() => server?.close());

  it.each(KINDS)('%s client: negotiates its version, lists, calls and confirms', async (kind) => {
    const expected = expectations(kind);
    const session = await connect(kind, { http: { url: server.url, headers: {} } }, true);
    try {
      if (kind !== 'v1') expect(session.version).toBe(expected.version);
      expect(await session.tools()).toContain('create_contact');
      await createAndDelete(session, expected.forms);
    } finally {
      await session.close();
    }
  });

  it('lists carry ttlMs on 2026-07-28 only', async () => {
    const bodies: string[] = [];
    const recording = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await fetch(input, init);
      bodies.push(await response.clone().text());
      return response;
    };
    for (const mode of ['modern', 'legacy'] as const) {
      bodies.length = 0;
      const client = new Client(
        { name: 'ttl', version: '1.0.0' },
        { versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : 'legacy' } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: recording }));
      await client.listTools();
      await client.close();
      const list = bodies.find((b) => b.includes('"tools":['));
      expect(list).toBeDefined();
      if (mode === 'modern') expect(list).toMatch(/"ttlMs":3600000/);
      else expect(list).not.toContain('ttlMs');
    }
  });
});

describe('over the remote server on Node', () => {
  let sandbox: RunningServer;
  let remote: RunningRemoteServer;
  let token: string;
  // Reads of grant records: the bearer check reads one, the revocation check after a call another.
  const grantReads = { count: 0 };
  beforeAll(async () => {
    sandbox = await startSandbox();
    const storage = createMemoryStorage();
    const get = storage.get.bind(storage);
    storage.get = (key) => {
      if (key.startsWith('grant:')) grantReads.count++;
      return get(key);
    };
    remote = await startRemote(sandbox, { storage });
    const a = await authorizeWithoutBrowser(remote, sandbox);
    token = String((await exchange(remote, a)).body.access_token);
  });
  afterAll(async () => {
    await remote?.close();
    await sandbox?.close();
  });

  it.each(KINDS)('%s client: negotiates its version, lists, calls and confirms', async (kind) => {
    const expected = expectations(kind);
    const session = await connect(
      kind,
      { http: { url: remote.mcpUrl, headers: { Authorization: `Bearer ${token}` } } },
      true,
    );
    try {
      if (kind !== 'v1') expect(session.version).toBe(expected.version);
      expect(await session.tools()).toContain('list_contacts');
      const listed = await session.call('list_contacts', { limit: 1 });
      expect(listed.isError).toBeFalsy();
      await createAndDelete(session, expected.forms);
    } finally {
      await session.close();
    }
  });

  it('routes on Mcp-Method: a 2026-07-28 list needs no revocation check, a tool call does', async () => {
    const session = await connect(
      'modern',
      { http: { url: remote.mcpUrl, headers: { Authorization: `Bearer ${token}` } } },
      false,
    );
    try {
      grantReads.count = 0;
      await session.tools();
      const list = grantReads.count;
      grantReads.count = 0;
      await session.call('list_contacts', { limit: 1 });
      expect(grantReads.count).toBe(list + 1);
    } finally {
      await session.close();
    }
  });
});
