import { createMcpHandler, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { bearerGuard } from './bearer-guard.js';
import { hostGuard, LOOPBACK_HOSTS } from './host-guard.js';
import { legacySessions } from './legacy-sessions.js';
import { memorySessionStore } from './session-store.js';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /** Builds the MCP server that answers one request (a fresh one per request). */
  readonly createServer: () => McpServer;
  /** Host names accepted in `Host` and `Origin` (default {@link LOOPBACK_HOSTS}). */
  readonly allowedHosts?: readonly string[] | undefined;
  /** The path of the MCP endpoint (default `/mcp`). */
  readonly path?: string | undefined;
  /**
   * A token every request must send as `Authorization: Bearer <token>` (at least 32 characters), or
   * `undefined` for none. Needed when the server can be reached from the network.
   */
  readonly bearerToken?: string | undefined;
}

/**
 * The Streamable HTTP endpoint as a Hono app: `POST /mcp` runs one JSON-RPC exchange on a fresh server,
 * MCP 2026-07-28 for requests that carry its `_meta` and 2025-11-25 (or older) for the others. A
 * 2025-era client gets an `Mcp-Session-Id` at `initialize`, and what it declared there (and the log
 * level it sets) is kept in memory for a day after its last use, so its later requests get its forms,
 * cards and name in the journal; `DELETE` ends such a session, `GET` answers 405 (the server opens no
 * stream of its own). Every request with a foreign `Host` or `Origin` gets 403, and with `bearerToken`
 * every request without that token gets 401.
 *
 * @param options - The server factory, the allowed host names, the path and the bearer token.
 * @throws ConnectionError `INVALID_ARGUMENT` for a bearer token shorter than 32 characters.
 * @returns The Hono app; serve it with `@hono/node-server`, or call `app.request()` in tests.
 * @example
 * ```ts
 * import { createServer } from '@acctkit/mcp-server';
 * import { connectSandbox, createHttpApp } from '@acctkit/mcp-server/node';
 *
 * const { connections } = await connectSandbox();
 * const app = createHttpApp({ createServer: () => createServer({ connections }) });
 * const res = await app.request('http://127.0.0.1/mcp', { method: 'GET' }); // 405
 * ```
 */
export function createHttpApp(options: HttpAppOptions): Hono {
  const path = options.path ?? '/mcp';
  const app = new Hono();
  app.use('*', hostGuard(options.allowedHosts ?? LOOPBACK_HOSTS));
  if (options.bearerToken !== undefined) app.use('*', bearerGuard(options.bearerToken));
  const modern = createMcpHandler(options.createServer, { legacy: 'reject' });
  const legacy = legacySessions({ store: memorySessionStore() });
  const build = (): McpServer => options.createServer();
  app.on(['POST', 'GET', 'DELETE'], path, async (c) => {
    const request = c.req.raw;
    // One process, one caller (whoever holds the bearer token, if any): sessions have one owner.
    if (await isLegacyRequest(request)) return legacy.handle(request, 'local', build);
    return modern.fetch(request);
  });
  return app;
}
