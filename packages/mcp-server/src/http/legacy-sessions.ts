import {
  isInitializeRequest,
  isJSONRPCRequest,
  type LoggingLevel,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { untilGone, whenEnded } from './exchange-end.js';
import {
  asMessages,
  declarationOf,
  levelSetIn,
  MAX_DECLARATION,
  mayStream,
  messagesOf,
} from './session-messages.js';
import type { SessionDeclaration, SessionStore } from './session-store.js';

/** Options of {@link legacySessions}. */
export interface LegacySessionsOptions {
  /** Where the declarations are kept (memory for one process, the vault storage of the remote server). */
  readonly store: SessionStore;
  /** How long a declaration lives after its last use (default 24 hours). */
  readonly ttlMs?: number | undefined;
  /** The clock (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /**
   * How many sessions' servers stay built in this process between their requests (default 256), the
   * least recently used dropped first; 0 builds a server for every request.
   */
  readonly idleServers?: number | undefined;
  /** How long a session's server stays built after its last request, in ms (default 5 minutes). */
  readonly idleMs?: number | undefined;
}

/** How {@link LegacySessions.handle} serves one request. */
export interface LegacyRequestOptions {
  /**
   * What the server `build` makes is built for (the remote server: the request's scope): a session's
   * server is reused only by requests served as the same.
   */
  readonly servedAs?: string | undefined;
  /** The request's body, already read and parsed as JSON by the caller (the request's own body is then not read). */
  readonly parsedBody?: unknown;
}

/** Serves 2025-era requests over HTTP with sessions: see {@link legacySessions}. */
export interface LegacySessions {
  /**
   * Answers one 2025-era request (`POST`, `GET` or `DELETE`) of `owner`, with servers from `build`.
   *
   * @param request - The HTTP request, its body unread.
   * @param owner - What the caller is (the remote server's grant id, a constant for a local server).
   * @param build - Makes a fresh server, not yet connected.
   * @param options - What the server is built for, and the body when the caller has read it.
   */
  handle(
    request: Request,
    owner: string,
    build: () => McpServer | Promise<McpServer>,
    options?: LegacyRequestOptions,
  ): Promise<Response>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions' servers kept built between requests by default: about 60 KB each. */
const IDLE_SERVERS = 256;
const IDLE_MS = 5 * 60 * 1000;

/** A session's server and transport while requests of it run in this process, and for a while after. */
interface Running {
  readonly ready: Promise<{ server: McpServer; transport: WebStandardStreamableHTTPServerTransport }>;
  inflight: number;
  /** The level the server was told (replayed or set by a request it served). */
  logLevel: LoggingLevel | undefined;
  /** When its last request ended (for the idle limit). */
  idleSince: number;
}

/**
 * Sessions for 2025-11-25 (and older) clients over Streamable HTTP. What a client declares at
 * `initialize` (capabilities, `clientInfo`, protocol version) and the level it sets later are kept in
 * `store` under a new `Mcp-Session-Id`, bound to its `owner`; a request of the session that finds no
 * server of it in this process gets a fresh one, into which the declaration is replayed (its
 * `initialize`, then its `logging/setLevel`), so the server answers as if it had served the whole
 * session: forms to a client that declared elicitation, cards to one that renders MCP Apps, its name
 * in the journal, logs at its level.
 *
 * While a request of a session runs, its server and transport stay in this process's memory, so that
 * the client's answer to a form (`elicitation/create` on the request's SSE stream), which arrives as a
 * separate `POST`, reaches them; after it, they stay for the session's next request (at most
 * `idleServers` of them, each for `idleMs`), as replaying costs more than the call. A request that may
 * send the client something before its answer (see {@link mayStream}) is answered as an SSE stream,
 * any other with one JSON answer, each by a server of its own kind. Every request is
 * still checked against the store first: an unknown or expired session id, or one of another owner,
 * gets 404 (the client initializes again), and a level set through another instance makes a new
 * server. `DELETE` ends a session; `GET` gets 405 (no stream of its own); a request without a session
 * id gets one JSON answer from a fresh server that knows nothing of the client.
 *
 * @param options - The store of declarations, their lifetime, and the servers kept between requests.
 * @returns The handler of 2025-era requests.
 */
export function legacySessions(options: LegacySessionsOptions): LegacySessions {
  const { store } = options;
  const ttl = options.ttlMs ?? DAY_MS;
  const now = options.now ?? Date.now;
  const idleServers = Math.max(0, Math.floor(options.idleServers ?? IDLE_SERVERS));
  const idleMs = options.idleMs ?? IDLE_MS;
  const running = new Map<string, Running>();
  /** The running entries no request uses now, least recently used first (a Map keeps insertion order). */
  const idle = new Map<string, Running>();

  const drop = (key: string, entry: Running): void => {
    if (running.get(key) === entry) running.delete(key);
    if (idle.get(key) === entry) idle.delete(key);
    entry.ready.then(({ server }) => server.close()).catch(() => {});
  };
  /** Closes the servers idle for longer than `idleMs`, and the least recently used beyond `idleServers`. */
  const sweep = (): void => {
    const stale = now() - idleMs;
    for (const [key, entry] of idle) {
      if (idle.size <= idleServers && entry.idleSince > stale) break;
      drop(key, entry);
    }
  };

  const declared = async (id: string, owner: string): Promise<SessionDeclaration | undefined> => {
    const found = await store.get(id);
    return found && found.owner === owner && found.expiresAt > now() ? found : undefined;
  };

  const initialize = async (
    request: Request,
    params: unknown,
    owner: string,
    build: () => McpServer | Promise<McpServer>,
    parsedBody: unknown,
  ): Promise<Response> => {
    const declaration = declarationOf(params);
    if (!declaration)
      return jsonRpcError(
        400,
        -32600,
        `Invalid Request: initialize needs protocolVersion, capabilities and clientInfo, at most ${MAX_DECLARATION} characters of JSON in all.`,
      );
    const id = crypto.randomUUID();
    const server = await build();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(request, parsed(parsedBody));
    } finally {
      await server.close();
    }
    if (response.ok) await store.put(id, { owner, initialize: declaration, expiresAt: now() + ttl });
    return response;
  };

  const revive = async (
    id: string,
    declaration: SessionDeclaration,
    build: () => McpServer | Promise<McpServer>,
    streams: boolean,
  ): Promise<{ server: McpServer; transport: WebStandardStreamableHTTPServerTransport }> => {
    const server = await build();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      enableJsonResponse: !streams,
    });
    await server.connect(transport);
    // The SDK learns a 2025 client's capabilities and name from `initialize` only: replaying what the
    // client sent is the way to a fresh server that knows them, with no reach into its internals.
    await replay(transport, undefined, 'initialize', declaration.initialize);
    if (declaration.logLevel !== undefined)
      await replay(transport, id, 'logging/setLevel', { level: declaration.logLevel });
    return { server, transport };
  };

  const exchange = async (
    key: string,
    id: string,
    declaration: SessionDeclaration,
    request: Request,
    build: () => McpServer | Promise<McpServer>,
    parsedBody: unknown,
    streams: boolean,
  ): Promise<{ response: Response; entry: Running }> => {
    let entry = running.get(key);
    // Another instance served a `logging/setLevel` of the session: this server's level is stale.
    if (entry && entry.inflight === 0 && entry.logLevel !== declaration.logLevel) {
      drop(key, entry);
      entry = undefined;
    }
    if (!entry) {
      entry = {
        ready: revive(id, declaration, build, streams),
        inflight: 0,
        logLevel: declaration.logLevel,
        idleSince: 0,
      };
      running.set(key, entry);
    }
    const current = entry;
    idle.delete(key);
    current.inflight++;
    let failed = false;
    const done = (): void => {
      current.inflight--;
      if (current.inflight > 0) return;
      if (failed || running.get(key) !== current || idleServers === 0) {
        drop(key, current);
        return;
      }
      current.idleSince = now();
      idle.set(key, current);
      sweep();
    };
    let response: Response;
    try {
      const { transport } = await current.ready;
      // A JSON answer comes when the call ends, and a cancelled call never ends: the exchange ends
      // when the client goes away instead, so the session's server is not held for ever.
      response = await untilGone(transport.handleRequest(request, parsed(parsedBody)), request.signal);
    } catch (error) {
      failed = true;
      done();
      throw error;
    }
    if (response.body === null || !response.headers.get('content-type')?.includes('text/event-stream')) {
      done();
      return { response, entry: current };
    }
    return {
      response: new Response(whenEnded(response.body, done), {
        status: response.status,
        headers: response.headers,
      }),
      entry: current,
    };
  };

  return {
    async handle(request, owner, build, { servedAs = '', parsedBody } = {}) {
      sweep();
      const id = request.headers.get('mcp-session-id');
      // A session has up to two servers here: one that answers with an SSE stream (for requests that
      // may send the client a form, a log line or progress first), one that answers with JSON.
      const keyOf = (streams: boolean): string => `${id}\n${servedAs}\n${streams ? 'sse' : 'json'}`;
      if (request.method === 'DELETE') {
        if (id === null) return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required.');
        if (!(await declared(id, owner))) return sessionNotFound();
        await store.delete(id);
        for (const [runningKey, entry] of running)
          if (runningKey.startsWith(`${id}\n`)) drop(runningKey, entry);
        return new Response(null, { status: 200 });
      }
      if (request.method !== 'POST')
        return jsonRpcError(
          405,
          -32000,
          'Method not allowed: this server opens no stream of its own; send POST requests.',
          { Allow: 'POST, DELETE' },
        );
      const messages = parsedBody === undefined ? await messagesOf(request) : asMessages(parsedBody);
      const init = messages?.find((message) => isInitializeRequest(message));
      if (init) return initialize(request, (init as { params?: unknown }).params, owner, build, parsedBody);
      if (id === null) return sessionless(request, build, parsedBody);
      const declaration = await declared(id, owner);
      if (!declaration) return sessionNotFound();
      if (!messages?.some(isJSONRPCRequest)) {
        // Answers to a form, and notifications (a cancellation): to the exchanges that wait for them,
        // when they run here; a server that asked nothing ignores an answer it does not expect.
        const busy = [keyOf(true), keyOf(false)]
          .map((k) => running.get(k))
          .filter((entry): entry is Running => entry !== undefined && entry.inflight > 0);
        if (busy.length === 0) return new Response(null, { status: 202 });
        if (busy.length === 1 || messages === undefined)
          return (await (busy[0] as Running).ready).transport.handleRequest(request, parsed(parsedBody));
        for (const entry of busy)
          await (await entry.ready).transport.handleRequest(request, { parsedBody: messages });
        return new Response(null, { status: 202 });
      }
      const streams = mayStream(messages ?? [], declaration);
      const { response, entry } = await exchange(
        keyOf(streams),
        id,
        declaration,
        request,
        build,
        parsedBody,
        streams,
      );
      const level = levelSetIn(messages);
      if (response.ok && level !== undefined) {
        entry.logLevel = level;
        await store.put(id, { ...declaration, logLevel: level, expiresAt: now() + ttl });
      } else if (declaration.expiresAt - now() < ttl / 2)
        await store.put(id, { ...declaration, expiresAt: now() + ttl });
      return response;
    },
  };
}

/**
 * A request outside any session, on a fresh server that knows nothing of the client: one JSON answer,
 * as nothing can be asked of a client whose capabilities are unknown.
 */
async function sessionless(
  request: Request,
  build: () => McpServer | Promise<McpServer>,
  parsedBody: unknown,
): Promise<Response> {
  const server = await build();
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, parsed(parsedBody));
  } finally {
    await server.close();
  }
}

/** The transport's options for a body the caller already parsed (none: the transport reads it). */
function parsed(parsedBody: unknown): { parsedBody: unknown } | undefined {
  return parsedBody === undefined ? undefined : { parsedBody };
}

/** Sends one request the client sent earlier to a fresh transport and reads its answer to the end. */
async function replay(
  transport: WebStandardStreamableHTTPServerTransport,
  sessionId: string | undefined,
  method: string,
  params: object,
): Promise<void> {
  const response = await transport.handleRequest(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId !== undefined && { 'mcp-session-id': sessionId }),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: `acctkit-replay-${method}`, method, params }),
    }),
  );
  // The answer comes as JSON, or as one SSE event: `data: <the JSON-RPC response>`.
  const text = await response.text();
  const data = response.headers.get('content-type')?.includes('application/json')
    ? text
    : /^data: (.+)$/m.exec(text)?.[1];
  const answer = data === undefined ? undefined : (JSON.parse(data) as { result?: unknown });
  if (!response.ok || answer?.result === undefined)
    throw new Error(`Restoring the session: ${method} failed (${response.status}).`);
}

function sessionNotFound(): Response {
  return jsonRpcError(404, -32001, 'Session not found: initialize a new session.');
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });
}
