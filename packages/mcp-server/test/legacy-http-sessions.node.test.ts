// 2025-11-25 clients over Streamable HTTP (local `--http` and the remote server on Node) get what they
// declared at initialize on every later request of their session: the confirmation form (elicitation),
// the approval card (MCP Apps), their name in the change journal, and log lines only at the level they
// set. Sessions are bound to what created them, end with DELETE, and unknown ones get 404.
import type { RunningServer } from '@acctkit/sandbox';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, startHttpServer } from '../src/node/index.js';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import {
  authorizeWithoutBrowser,
  exchange,
  startRemote,
  startSandbox,
  tokenRequest,
} from './remote-helpers.js';

type Kind = 'v1' | 'v2-legacy';

/** The capabilities of a host that renders MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

interface Result {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: unknown[];
}

interface Session {
  readonly name: string;
  /** The messages of the forms the client was shown. */
  readonly forms: string[];
  readonly logs: { level: string; data: unknown }[];
  call(name: string, args: Record<string, unknown>): Promise<Result>;
  setLevel(level: 'warning' | 'error'): Promise<void>;
  close(): Promise<void>;
}

interface Wire {
  readonly url: string;
  readonly headers: Record<string, string>;
  /** The `business` argument (the remote server serves one business and lists none). */
  readonly business: Record<string, string>;
}

interface Declares {
  /** What the form's answer is, when the client declares elicitation. */
  readonly form?: 'accept' | 'decline';
  readonly apps?: boolean;
}

async function connect(kind: Kind, wire: Wire, declares: Declares): Promise<Session> {
  const name = `${kind}-${Math.random().toString(36).slice(2, 8)}`;
  const forms: string[] = [];
  const logs: { level: string; data: unknown }[] = [];
  const capabilities = {
    ...(declares.form && { elicitation: { form: {} } }),
    ...(declares.apps && APPS),
  };
  const answer = (message: string) => {
    forms.push(message);
    return declares.form === 'accept'
      ? { action: 'accept' as const, content: { confirm: true } }
      : { action: 'decline' as const };
  };
  const requestInit = { headers: wire.headers };
  if (kind === 'v1') {
    const client = new V1Client({ name, version: '1.0.0' }, { capabilities });
    if (declares.form) client.setRequestHandler(ElicitRequestSchema, (r) => answer(r.params.message));
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data });
    });
    await client.connect(new V1StreamableHTTPClientTransport(new URL(wire.url), { requestInit }));
    return {
      name,
      forms,
      logs,
      call: async (tool, args) => (await client.callTool({ name: tool, arguments: args })) as Result,
      setLevel: async (level) => {
        await client.setLoggingLevel(level);
      },
      close: () => client.close(),
    };
  }
  const client = new Client(
    { name, version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: 'legacy' } },
  );
  if (declares.form) client.setRequestHandler('elicitation/create', async (r) => answer(r.params.message));
  client.setNotificationHandler('notifications/message', (n) => {
    logs.push({ level: n.params.level, data: n.params.data });
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(wire.url), { requestInit }));
  expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
  return {
    name,
    forms,
    logs,
    call: async (tool, args) => (await client.callTool({ name: tool, arguments: args })) as Result,
    setLevel: async (level) => {
      await client.setLoggingLevel(level);
    },
    close: () => client.close(),
  };
}

const CONTACT = {
  name: 'Ida Vogel',
  company: 'Vogel Druck KG',
  contact_type_id: 2,
  email: 'ida@vogel.example',
  main_address: { line_1: 'Hauptstr. 1', town: 'Köln', postcode: '50667' },
};

async function createContact(session: Session, wire: Wire): Promise<number> {
  // A new name each time: the duplicate guard refuses a second contact like the first.
  const unique = Math.random().toString(36).slice(2, 8);
  const created = await session.call('create_contact', {
    ...wire.business,
    ...CONTACT,
    name: `${CONTACT.name} ${unique}`,
    email: `ida.${unique}@vogel.example`,
  });
  expect(created.isError).toBeFalsy();
  return (created.structuredContent as { record: { id: number } }).record.id;
}

/** A 2025-era JSON-RPC POST, as a client that kept (or invented) a session id sends it. */
function post(wire: Wire, body: unknown, sessionId?: string): Promise<Response> {
  return fetch(wire.url, {
    method: 'POST',
    headers: {
      ...wire.headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId !== undefined && { 'mcp-session-id': sessionId }),
    },
    body: JSON.stringify(body),
  });
}

/** Initializes a session by hand and returns its id. */
async function initialize(wire: Wire, capabilities: object = {}): Promise<string> {
  const res = await post(wire, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1' } },
  });
  expect(res.status).toBe(200);
  await res.text();
  const id = res.headers.get('mcp-session-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id as string;
}

/** The tool result in a POST's answer (JSON, or the SSE event that carries it after any notifications). */
async function resultOf(res: Response): Promise<Result> {
  const text = await res.text();
  const messages = res.headers.get('content-type')?.includes('text/event-stream')
    ? [...text.matchAll(/^data: (.+)$/gm)].map((m) => m[1] as string)
    : [text];
  const answer = messages.map((m) => JSON.parse(m) as { result?: Result }).find((m) => m.result);
  return answer?.result as Result;
}

function suite(
  label: string,
  setup: () => Promise<{ wire: Wire; other?: Wire; close(): Promise<void> }>,
): void {
  describe(label, () => {
    let wire: Wire;
    let other: Wire | undefined;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ wire, other, close } = await setup());
    });
    afterAll(() => close?.());

    describe.each(['v1', 'v2-legacy'] as Kind[])('%s client', (kind) => {
      it('declaring elicitation, gets the form: a delete goes through on accept', async () => {
        const session = await connect(kind, wire, { form: 'accept' });
        try {
          const id = await createContact(session, wire);
          const deleted = await session.call('delete_contact', { ...wire.business, id });
          expect(deleted.structuredContent).toMatchObject({ status: 'deleted' });
          expect(session.forms).toHaveLength(1);
          expect(session.forms[0]).toContain('Ida Vogel');
        } finally {
          await session.close();
        }
      });

      it('declaring elicitation, gets the form: nothing is deleted on decline', async () => {
        const session = await connect(kind, wire, { form: 'decline' });
        try {
          const id = await createContact(session, wire);
          const declined = await session.call('delete_contact', { ...wire.business, id });
          expect(session.forms).toHaveLength(1);
          expect(declined.structuredContent).not.toMatchObject({ status: 'deleted' });
          const still = await session.call('get_contact', { ...wire.business, id });
          expect(still.isError).toBeFalsy();
        } finally {
          await session.close();
        }
      });

      it('declaring the MCP Apps extension, gets the approval card', async () => {
        const session = await connect(kind, wire, { apps: true });
        try {
          const id = await createContact(session, wire);
          const card = await session.call('delete_contact', { ...wire.business, id });
          expect(card.structuredContent).toMatchObject({ status: 'approval_pending' });
        } finally {
          await session.close();
        }
      });

      it('is named in the change journal', async () => {
        const session = await connect(kind, wire, {});
        try {
          const id = await createContact(session, wire);
          const changes = await session.call('list_changes', { ...wire.business });
          const items = (
            changes.structuredContent as { items: { recordId: number; client?: { name: string } }[] }
          ).items;
          expect(items.find((item) => item.recordId === id)?.client?.name).toBe(session.name);
        } finally {
          await session.close();
        }
      });

      it('gets log lines only at or above the level it set', async () => {
        const session = await connect(kind, wire, {});
        try {
          // A failed call logs a warning before its result, on the same stream: once the result is
          // in, any log line sent for it is in too.
          const missing = { ...wire.business, id: 987_654 };
          expect((await session.call('get_contact', missing)).isError).toBe(true);
          expect(session.logs).toEqual([]);
          await session.setLevel('error');
          expect((await session.call('get_contact', missing)).isError).toBe(true);
          expect(session.logs).toEqual([]);
          await session.setLevel('warning');
          expect((await session.call('get_contact', missing)).isError).toBe(true);
          expect(session.logs.map((l) => l.level)).toEqual(['warning']);
        } finally {
          await session.close();
        }
      });
    });

    it.each([
      ['a client that declared nothing, a tool call', {}, 'tools/call', false, false],
      ['a client that declared nothing, the tool list', {}, 'tools/list', false, false],
      [
        'a client that declared elicitation, a tool call',
        { elicitation: { form: {} } },
        'tools/call',
        false,
        true,
      ],
      [
        'a client that declared elicitation, the tool list',
        { elicitation: { form: {} } },
        'tools/list',
        false,
        false,
      ],
      ['a client that declared sampling, a tool call', { sampling: {} }, 'tools/call', false, true],
      ['a tool call that asks for progress', {}, 'tools/call', true, true],
    ] as const)('answers %s as %s', async (_label, capabilities, method, progress, streams) => {
      const sessionId = await initialize(wire, capabilities);
      const params =
        method === 'tools/call'
          ? {
              name: 'summarize_transactions',
              arguments: {
                ...wire.business,
                from_date: '2026-01-01',
                to_date: '2026-12-31',
                group_by: 'month',
              },
              ...(progress && { _meta: { progressToken: 'p1' } }),
            }
          : {};
      const res = await post(wire, { jsonrpc: '2.0', id: 2, method, params }, sessionId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(streams ? 'text/event-stream' : 'application/json');
      const text = await res.clone().text();
      // Progress travels on the stream before the answer; a JSON answer would have dropped it.
      expect(text.includes('notifications/progress')).toBe(progress);
      const result = await resultOf(res);
      expect(result.isError ?? false).toBe(false);
    });

    it('answers a tool call as an SSE stream once the session set a log level, with the log line on it', async () => {
      const sessionId = await initialize(wire);
      const set = await post(
        wire,
        { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'warning' } },
        sessionId,
      );
      expect(set.headers.get('content-type')).toContain('application/json');
      await set.text();
      const res = await post(
        wire,
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'get_contact', arguments: { ...wire.business, id: 987_654 } },
        },
        sessionId,
      );
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(await res.text()).toContain('"method":"notifications/message"');
    });

    it('without elicitation, CONFIRMATION_REQUIRED says the client declared no form support', async () => {
      const sessionId = await initialize(wire);
      const res = await post(
        wire,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'delete_contact', arguments: { ...wire.business, id: 1 } },
        },
        sessionId,
      );
      const text = JSON.stringify((await resultOf(res)).content);
      expect(text).toContain('CONFIRMATION_REQUIRED');
      expect(text).toContain('declared no form support');
      expect(text).not.toContain('?;');
    });

    it('without a session, CONFIRMATION_REQUIRED says the connection cannot carry a form', async () => {
      const res = await post(wire, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'delete_contact', arguments: { ...wire.business, id: 1 } },
      });
      const text = JSON.stringify((await resultOf(res)).content);
      expect(text).toContain('CONFIRMATION_REQUIRED');
      expect(text).toContain('cannot carry a confirmation form');
    });

    it('an unknown session id gets 404; DELETE ends a session', async () => {
      const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
      expect((await post(wire, list, crypto.randomUUID())).status).toBe(404);
      const sessionId = await initialize(wire);
      const listed = await post(wire, list, sessionId);
      expect(listed.status).toBe(200);
      await listed.text();
      const ended = await fetch(wire.url, {
        method: 'DELETE',
        headers: { ...wire.headers, 'mcp-session-id': sessionId },
      });
      expect(ended.status).toBe(200);
      expect((await post(wire, list, sessionId)).status).toBe(404);
    });

    it('a session id is refused to another caller', async () => {
      if (!other) return;
      const sessionId = await initialize(wire);
      const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
      expect((await post(other, list, sessionId)).status).toBe(404);
      const own = await post(wire, list, sessionId);
      expect(own.status).toBe(200);
      await own.text();
    });
  });
}

suite('over local --http', async () => {
  const server: RunningHttpServer = await startHttpServer({ sandbox: true, port: 0 });
  return {
    wire: { url: server.url, headers: {}, business: { business: 'de' } },
    close: () => server.close(),
  };
});

suite('over the remote server on Node', async () => {
  const sandbox: RunningServer = await startSandbox();
  const remote: RunningRemoteServer = await startRemote(sandbox);
  const tokenOf = async () =>
    String((await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token);
  const wireOf = (token: string): Wire => ({
    url: remote.mcpUrl,
    headers: { Authorization: `Bearer ${token}` },
    business: {},
  });
  return {
    wire: wireOf(await tokenOf()),
    other: wireOf(await tokenOf()),
    close: async () => {
      await remote.close();
      await sandbox.close();
    },
  };
});

describe('a 2025-era session on the remote server, its token narrowed to readonly mid-request', () => {
  let sandbox: RunningServer;
  let remote: RunningRemoteServer;
  beforeAll(async () => {
    sandbox = await startSandbox();
    remote = await startRemote(sandbox);
  });
  afterAll(async () => {
    await remote?.close();
    await sandbox?.close();
  });

  it('is served with the narrowed scope while a full-access request of the session waits for a form', async () => {
    const authorized = await authorizeWithoutBrowser(remote, sandbox);
    const tokens = (await exchange(remote, authorized)).body;
    const full: Wire = {
      url: remote.mcpUrl,
      headers: { Authorization: `Bearer ${String(tokens.access_token)}` },
      business: {},
    };
    const sessionId = await initialize(full, { elicitation: { form: {} } });
    const created = await resultOf(
      await post(
        full,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'create_contact', arguments: { ...CONTACT, name: 'Scope Probe' } },
        },
        sessionId,
      ),
    );
    const id = (created.structuredContent as { record: { id: number } }).record.id;
    // The delete asks the client for a form and waits for the answer: its server runs meanwhile.
    const pending = await post(
      full,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'delete_contact', arguments: { id } } },
      sessionId,
    );
    const reader = (pending.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    while (!seen.includes('elicitation/create')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).toContain('elicitation/create');

    const narrowed = await tokenRequest(remote, {
      grant_type: 'refresh_token',
      client_id: authorized.clientId,
      refresh_token: String(tokens.refresh_token),
      scope: 'readonly',
    });
    expect(narrowed.body.scope).toBe('readonly');
    const readonly: Wire = {
      ...full,
      headers: { Authorization: `Bearer ${String(narrowed.body.access_token)}` },
    };
    const listed = await post(readonly, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, sessionId);
    const text = await listed.text();
    const json = listed.headers.get('content-type')?.includes('text/event-stream')
      ? (/^data: (.+)$/m.exec(text)?.[1] ?? '{}')
      : text;
    const names = (JSON.parse(json) as { result: { tools: { name: string }[] } }).result.tools.map(
      (t) => t.name,
    );
    expect(names).toContain('list_contacts');
    expect(names).not.toContain('delete_contact');
    expect(names).not.toContain('create_contact');
    await reader.cancel();
  });
});
