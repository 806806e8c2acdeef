import { createClient } from '@acctkit/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { BusinessConnection } from '../business-connection.js';
import { createServer } from '../create-server.js';
import { isToolset, type Toolset } from '../toolset.js';
import { type BearerEnv, bearerAuth, unauthorized } from './bearer-auth.js';
import type { GrantRecord } from './grant-records.js';
import { grantTokenManager } from './grant-tokens.js';
import type { RemoteContext } from './remote-context.js';

const RECONNECT =
  'Sign in again: reconnect this server in your MCP client, which opens the sign-in page of the accounting service.';

const POOL_GRANTS = 256;
const POOL_PER_GRANT = 4;

/**
 * Idle servers per grant, most recently used last. Building a server (the catalogue and its
 * schemas) costs far more than a tool call, so a server that finished a request is reconnected for
 * the grant's next one. Only a cache: any instance can build one, and each serves one request at a time.
 */
class ServerPool {
  readonly #idle = new Map<string, McpServer[]>();
  take(key: string): McpServer | undefined {
    const list = this.#idle.get(key);
    const server = list?.pop();
    if (list?.length === 0) this.#idle.delete(key);
    return server;
  }
  give(key: string, server: McpServer): void {
    const list = this.#idle.get(key) ?? [];
    this.#idle.delete(key);
    if (list.length < POOL_PER_GRANT) list.push(server);
    this.#idle.set(key, list);
    if (this.#idle.size > POOL_GRANTS) this.#idle.delete(this.#idle.keys().next().value as string);
  }
}

/**
 * `POST /mcp`: Streamable HTTP, stateless. Each request gets a fresh server for its grant's one
 * business (read-only catalogue for a read-only grant) and a client whose tokens are the grant's
 * sealed upstream tokens. JSON responses (not SSE), so that a grant the service revoked during the
 * request turns into a 401 `invalid_token` instead of a tool error: the MCP client authorizes again.
 */
export function mcpRoute(app: Hono<BearerEnv>, ctx: RemoteContext): void {
  const toolsets = ctx.config.toolsets?.filter(isToolset) as Toolset[] | undefined;
  const pool = new ServerPool();
  const build = (grant: GrantRecord): McpServer => {
    const tokens = grantTokenManager(ctx, grant.id);
    const connection: BusinessConnection = {
      name: grant.variant,
      variant: grant.variant,
      businessId: grant.businessId,
      businessName: grant.businessName,
      scope: grant.scope,
      client: createClient({
        variant: grant.variant,
        baseUrl: ctx.config.upstream.baseUrl,
        tokens,
        userAgent: ctx.config.upstream.userAgent,
        fetch: ctx.config.fetch,
      }),
      reconnectHint: RECONNECT,
    };
    return createServer({
      connections: [connection],
      readOnly: ctx.config.readOnly === true || grant.scope === 'readonly',
      ...(toolsets && { toolsets }),
      ...(ctx.config.tools && { tools: ctx.config.tools }),
    });
  };
  app.post('/mcp', bearerAuth(ctx), async (c) => {
    const { grant } = c.get('authorized');
    const key = `${grant.id}:${grant.scope}`;
    const server = pool.take(key) ?? build(grant);
    // No session id generator: stateless, any instance answers any request.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
    const after = (await ctx.storage.get<GrantRecord>(`grant:${grant.id}`))?.value;
    if (!after || after.revoked === 'upstream')
      return unauthorized(
        ctx,
        'invalid_token',
        'The accounting service revoked this connection; sign in again.',
      );
    pool.give(key, server);
    return response;
  });
  app.on(['GET', 'DELETE'], '/mcp', bearerAuth(ctx), (c) =>
    c.json(
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless, send POST requests.' },
        id: null,
      },
      405,
      { Allow: 'POST' },
    ),
  );
}
