import { createClient } from '@acctkit/client';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Hono } from 'hono';
import type { BusinessConnection } from '../business-connection.js';
import { createServer } from '../create-server.js';
import { isToolset, type Toolset } from '../toolset.js';
import { type BearerEnv, bearerAuth, unauthorized } from './bearer-auth.js';
import type { GrantRecord } from './grant-records.js';
import { createGrantTokenManager } from './grant-tokens.js';
import type { RemoteContext } from './remote-context.js';

const RECONNECT =
  'Sign in again: reconnect this server in your MCP client, which opens the sign-in page of the accounting service.';

/**
 * `POST /mcp`: Streamable HTTP, stateless. Each request gets a fresh server for its grant's one
 * business (read-only catalogue for a read-only grant) and a client whose tokens are the grant's
 * sealed upstream tokens. JSON responses (not SSE), so that a grant the service revoked during the
 * request turns into a 401 `invalid_token` instead of a tool error: the MCP client authorizes again.
 */
export function mcpRoute(app: Hono<BearerEnv>, ctx: RemoteContext): void {
  const toolsets = ctx.config.toolsets?.filter(isToolset) as Toolset[] | undefined;
  app.post('/mcp', bearerAuth(ctx), async (c) => {
    const { grant } = c.get('authorized');
    const tokens = createGrantTokenManager(ctx, grant.id);
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
    const server = createServer({
      connections: [connection],
      readOnly: ctx.config.readOnly === true || grant.scope === 'readonly',
      ...(toolsets && { toolsets }),
      ...(ctx.config.tools && { tools: ctx.config.tools }),
    });
    // No session id generator: stateless, any instance answers any request.
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(c.req.raw);
      const after = (await ctx.storage.get<GrantRecord>(`grant:${grant.id}`))?.value;
      if (!after || after.revoked === 'upstream')
        return unauthorized(
          ctx,
          'invalid_token',
          'The accounting service revoked this connection; sign in again.',
        );
      return response;
    } finally {
      await server.close();
    }
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
