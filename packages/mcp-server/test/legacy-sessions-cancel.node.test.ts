// A call the client gives up on (it cancels, and closes the connection) never gets an answer: the
// exchange must still end, and the session's server must not be held for ever. Through legacySessions
// with a real McpServer whose tool waits until it is cancelled, and through the remote server's
// holdUntilAsked with an SSE stream that never ends.
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type LegacySessions, legacySessions } from '../src/http/legacy-sessions.js';
import { memorySessionStore } from '../src/http/session-store.js';
import { holdUntilAsked } from '../src/remote/held-response.js';

const URL_ = 'http://127.0.0.1/mcp';

function post(body: unknown, sessionId?: string, signal?: AbortSignal): Request {
  return new Request(URL_, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(sessionId !== undefined && { 'mcp-session-id': sessionId }),
    },
    body: JSON.stringify(body),
    ...(signal && { signal }),
  });
}

/** Opens a session of `sessions` for a client declaring `capabilities`; returns its id. */
async function initialize(
  sessions: LegacySessions,
  capabilities: object,
  build: () => McpServer,
): Promise<string> {
  const init = await sessions.handle(
    post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't', version: '1' } },
    }),
    'owner',
    build,
  );
  const sessionId = init.headers.get('mcp-session-id');
  expect(sessionId).toBeTruthy();
  return sessionId as string;
}

/** The call of the tool `wait` in session `sessionId`, sent on a connection `gone` closes. */
function callWait(
  sessions: LegacySessions,
  sessionId: string,
  gone: AbortController,
  build: () => McpServer,
) {
  return sessions.handle(
    post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'wait', arguments: {} } },
      sessionId,
      gone.signal,
    ),
    'owner',
    build,
  );
}

describe('a 2025-era session call the client gives up on', () => {
  it.each([
    ['a JSON answer', {}],
    ['an SSE answer', { elicitation: { form: {} } }],
  ])('with %s, ends when the client goes, and its server is closed', async (_label, capabilities) => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const closed: Promise<void>[] = [];
    const build = (): McpServer => {
      const mcp = new McpServer({ name: 'cancel-test', version: '1.0.0' });
      mcp.registerTool('wait', { inputSchema: z.object({}) }, async () => {
        started();
        // Never answers: only cancelling the call, or closing the server, ends it.
        return new Promise(() => {});
      });
      closed.push(
        new Promise((resolve) => {
          mcp.server.onclose = () => resolve();
        }),
      );
      return mcp;
    };
    // No server kept idle: a server whose exchanges have all ended is closed at once.
    const sessions = legacySessions({ store: memorySessionStore(), idleServers: 0 });
    const sessionId = await initialize(sessions, capabilities, build);
    expect(sessionId).toBeTruthy();
    const gone = new AbortController();
    const exchange = callWait(sessions, sessionId, gone, build).then(async (response) => {
      // An SSE answer is a stream the client stops reading when it goes.
      if (response.body) await response.body.cancel();
      return response;
    });
    await running;
    gone.abort();
    await exchange;
    // The server the call ran on (the second built: the first answered initialize) is closed.
    await closed[1];
    expect(closed).toHaveLength(2);
  });

  it.each([
    ['a JSON answer', {}],
    ['an SSE answer', { elicitation: { form: {} } }],
  ])('with %s, its cancellation reaches the call', async (_label, capabilities) => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let cancelled!: () => void;
    const aborted = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    const build = (): McpServer => {
      const mcp = new McpServer({ name: 'cancel-test', version: '1.0.0' });
      mcp.registerTool('wait', { inputSchema: z.object({}) }, async (_args, ctx) => {
        ctx.mcpReq.signal.addEventListener('abort', () => cancelled());
        started();
        return new Promise(() => {});
      });
      return mcp;
    };
    const sessions = legacySessions({ store: memorySessionStore() });
    const sessionId = await initialize(sessions, capabilities, build);
    const gone = new AbortController();
    const exchange = callWait(sessions, sessionId, gone, build);
    await running;
    const notified = await sessions.handle(
      post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'test' } },
        sessionId,
      ),
      'owner',
      build,
    );
    expect(notified.status).toBe(202);
    await aborted;
    gone.abort();
    const response = await exchange;
    if (response.body) await response.body.cancel();
  });

  it('the remote server stops holding an SSE answer back when the client goes', async () => {
    let cancelled = false;
    // A keep-alive comment, then nothing: the stream of a call that was cancelled and never answers.
    const response = new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': keep-alive\n\n'));
        },
        cancel() {
          cancelled = true;
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
    const gone = new AbortController();
    const held = holdUntilAsked(response, gone.signal);
    gone.abort();
    const result = await held;
    expect(result.complete).toBe(true);
    expect(cancelled).toBe(true);
  });
});
