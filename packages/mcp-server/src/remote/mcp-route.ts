import { createClient } from '@acctkit/client';
import { createMcpHandler, isLegacyRequest, type McpServer } from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import type { BusinessConnection } from '../business-connection.js';
import { createServer } from '../create-server.js';
import { legacySessions } from '../http/legacy-sessions.js';
import { isToolset, type Toolset } from '../toolset.js';
import { type AuthorizedGrant, type BearerEnv, bearerAuth, unauthorized } from './bearer-auth.js';
import { grantApprovals } from './grant-approvals.js';
import type { GrantRecord, Scope } from './grant-records.js';
import { grantTokenManager } from './grant-tokens.js';
import { holdUntilAsked } from './held-response.js';
import { readJsonBody } from './json-body.js';
import type { RemoteContext } from './remote-context.js';
import { getStored, STORED } from './stored-keys.js';
import { vaultChangeJournal } from './vault-change-journal.js';
import { vaultSessionStore } from './vault-session-store.js';

/** Methods answered from the server's own catalogue, without a call to the service. */
const LOCAL_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'ping',
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'completion/complete',
]);

const RECONNECT =
  'Sign in again: reconnect this server in your MCP client, which opens the sign-in page of the accounting service.';

/**
 * `POST /mcp`: Streamable HTTP, stateless: MCP 2026-07-28 for requests that carry its `_meta`,
 * 2025-11-25 (or older) for the others. Each request gets a fresh server for its grant's one business,
 * with the scope of the access token that made the request (a token refreshed down to `readonly` gets
 * the read-only catalogue, whatever its grant allows), and a client whose tokens are the grant's
 * sealed upstream tokens. JSON responses (not SSE), so that a grant the service revoked during the request
 * turns into a 401 `invalid_token` instead of a tool error: the MCP client authorizes again.
 */
export function mcpRoute(app: Hono<BearerEnv>, ctx: RemoteContext): void {
  const toolsets = ctx.config.toolsets?.filter(isToolset) as Toolset[] | undefined;
  const build = ({ grant, access }: AuthorizedGrant, formsCarried = true): McpServer => {
    const scope = servedScope(grant, access.scope);
    const tokens = grantTokenManager(ctx, grant.id);
    const connection: BusinessConnection = {
      name: grant.variant,
      variant: grant.variant,
      businessId: grant.businessId,
      businessName: grant.businessName,
      scope,
      client: createClient({
        variant: grant.variant,
        baseUrl: ctx.config.upstream.baseUrl,
        tokens,
        userAgent: ctx.config.upstream.userAgent,
        fetch: ctx.config.fetch,
      }),
      reconnectHint: RECONNECT,
      // One journal per business, whichever user or client writes to it.
      journal: vaultChangeJournal(
        ctx.storage,
        `${grant.variant}:${grant.businessId}`,
        ctx.config.journal,
        ctx.config.now,
      ),
    };
    return createServer({
      connections: [connection],
      readOnly: ctx.config.readOnly === true || scope === 'readonly',
      ...(toolsets && { toolsets }),
      ...(ctx.config.tools && { tools: ctx.config.tools }),
      oauthClientId: grant.clientId,
      ...(grant.user !== undefined && { user: grant.user }),
      // Shared by every instance (the card's answer may reach another one), keyed by grant: only the
      // grant that asked finds its approval, and another grant's attempt leaves it pending.
      approvals: grantApprovals(ctx.storage, grant.id),
      formsCarried,
    });
  };
  // 2026-07-28 through the SDK's entry (modern requests only); 2025-era requests through sessions of
  // their own, as the entry's legacy serving keeps nothing of what a client declared.
  const modern = withoutJsonModeNotice(() =>
    createMcpHandler(({ authInfo }) => build(authInfo?.extra?.authorized as AuthorizedGrant), {
      legacy: 'reject',
      responseMode: 'json',
    }),
  );
  // What each 2025-era client declared is kept where every instance finds it, bound to its grant. A
  // form's answer must reach the instance whose request asked for it, which the Workers entry cannot
  // promise (`legacyForms: false`): there cards and journal names still work, forms are not offered.
  // A session's running server is shared only by requests served with the same scope, so a token
  // narrowed to `readonly` never reaches a server built for the grant's full-access token.
  const sessions = legacySessions({ store: vaultSessionStore(ctx.storage) });
  const formsCarried = ctx.config.legacyForms !== false;
  const legacy = (request: Request, authorized: AuthorizedGrant, parsedBody?: unknown): Promise<Response> =>
    sessions.handle(request, authorized.grant.id, () => build(authorized, formsCarried), {
      servedAs: servedScope(authorized.grant, authorized.access.scope),
      parsedBody,
    });
  /**
   * The response, or 401 `invalid_token` when the grant ended during the request: the service revoked
   * it, or its sealed tokens no longer open under the key ring.
   */
  const revocationChecked = async (grant: GrantRecord, response: Response): Promise<Response> => {
    const after = await getStored(ctx.storage, STORED.grant(grant.id));
    if (after?.revoked === 'unreadable')
      return unauthorized(
        ctx,
        'invalid_token',
        "This connection's stored sign-in can no longer be opened; sign in again.",
      );
    if (!after || after.revoked === 'upstream')
      return unauthorized(
        ctx,
        'invalid_token',
        'The accounting service revoked this connection; sign in again.',
      );
    // A replayed code or refresh token revokes the grant (RFC 6819): a call in flight then answers
    // as the next request would, so the client signs in again instead of reading a tool error.
    if (after.revoked)
      return unauthorized(ctx, 'invalid_token', 'This connection was revoked; sign in again.');
    return response;
  };
  app.post('/mcp', bearerAuth(ctx), async (c) => {
    const authorized = c.get('authorized');
    const { grant, access } = authorized;
    const { request, parsedBody } = await readJsonBody(c.req.raw);
    if (await isLegacyRequest(request, parsedBody)) {
      // Held back until it ends, for the revocation check, unless it asks the client for a form.
      const held = await holdUntilAsked(await legacy(request, authorized, parsedBody), request.signal);
      return held.complete ? revocationChecked(grant, held.response) : held.response;
    }
    const response = await modern.fetch(request, {
      ...(parsedBody !== undefined && { parsedBody }),
      authInfo: {
        token: '',
        clientId: grant.clientId,
        scopes: [servedScope(grant, access.scope)],
        extra: { authorized },
      },
    });
    // 2026-07-28 requests name their method in `Mcp-Method`, which the SDK's entry refuses when it
    // disagrees with the body: one that never reaches the service cannot have met a revocation.
    const method = request.headers.get('mcp-method');
    if (method !== null && LOCAL_METHODS.has(method)) return response;
    return revocationChecked(grant, response);
  });
  // DELETE ends a 2025-era session; GET gets 405, as the server opens no stream of its own.
  app.on(['GET', 'DELETE'], '/mcp', bearerAuth(ctx), (c) => legacy(c.req.raw, c.get('authorized')));
}

/**
 * The scope a request is served with: its access token's, never wider than its grant's (a refresh may
 * narrow a token to `readonly`; nothing widens one).
 */
function servedScope(grant: GrantRecord, token: Scope): Scope {
  return grant.scope === 'full_access' && token === 'full_access' ? 'full_access' : 'readonly';
}

const JSON_MODE_NOTICE = "responseMode: 'json' drops mid-call notifications.";

/**
 * Makes the SDK's handler without the notice it prints to the console whenever one is made with
 * `responseMode: 'json'`, which this server chooses (stateless JSON answers, docs/remote.md): an
 * operator would read it as a fault on every start and every Worker isolate. Only that notice is
 * held back, and only while `make` runs (it is synchronous); any other warning is printed.
 */
function withoutJsonModeNotice<T>(make: () => T): T {
  // biome-ignore lint/suspicious/noConsole: the SDK writes the notice to the console; it is restored below.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(JSON_MODE_NOTICE)) return;
    warn.apply(console, args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}
