import {
  type AccountingClient,
  createClient,
  exchangeCode,
  OAuthError,
  parseCallback,
  toTokenSet,
} from '@acctkit/client';
import type { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { FLOW_COOKIE_PREFIX, withParams } from './authorize-routes.js';
import { errorPage, PAGE_HEADERS } from './consent-page.js';
import type { CodeRecord, GrantRecord, Scope } from './grant-records.js';
import type { RemoteContext } from './remote-context.js';
import { randomToken, sha256 } from './secrets.js';
import { createStored, endStored, getVersioned, STORED, updateStored } from './stored-keys.js';

/** How long a code's record is kept (past the code's own lifetime, to see a reuse). */
const CODE_RECORD_MS = 600_000;

/**
 * `GET /callback`: the service's answer. The `state` must name a pending request started in this
 * same browser (its binding cookie), once; then the code is exchanged (`@acctkit/client`), the
 * business read, the grant stored with its upstream tokens sealed in the vault, and a code of our own
 * sent to the MCP client.
 */
export function callbackRoute(app: Hono, ctx: RemoteContext): void {
  app.get('/callback', async (c) => {
    const url = new URL(c.req.url);
    const state = url.searchParams.get('state') ?? '';
    const invalid = () =>
      c.html(
        errorPage(
          'Sign-in not recognised',
          'This answer does not belong to a sign-in started in this browser, or it has been used or has expired. Start again from your MCP client.',
        ),
        400,
        PAGE_HEADERS,
      );
    if (!state) return invalid();
    const key = STORED.pending(await sha256(state));
    const binding = getCookie(c, FLOW_COOKIE_PREFIX + state.slice(0, 12));
    const pending = await getVersioned(ctx.storage, key);
    if (!pending || !binding || (await sha256(binding)) !== pending.value.browserBinding) return invalid();
    // Used once: only the caller whose compare-and-set deletes the pending request goes on.
    if (!(await endStored(ctx.storage, key, pending.version, ctx.config.now() + 1))) return invalid();
    setCookie(c, FLOW_COOKIE_PREFIX + state.slice(0, 12), '', { path: '/callback', maxAge: 0 });
    const p = pending.value;
    const back = (params: Record<string, string | undefined>) =>
      c.redirect(withParams(p.redirectUri, { ...params, state: p.state, iss: ctx.config.issuer }), 302);

    const upstreamError = url.searchParams.get('error');
    if (upstreamError)
      return back({
        error: upstreamError === 'access_denied' ? 'access_denied' : 'server_error',
        error_description:
          upstreamError === 'access_denied'
            ? 'The user declined at the accounting service.'
            : 'The accounting service refused the authorization.',
      });

    let grant: GrantRecord;
    try {
      // The state was checked above (a pending request of this browser, used once); this reads the code and country.
      const { code, country, variant } = parseCallback(url, state);
      const redirectUri = `${ctx.config.publicUrl}/callback`;
      const { data: issued, error } = await exchangeCode({
        baseUrl: ctx.config.upstream.baseUrl,
        clientId: ctx.config.upstream.clientId,
        clientSecret: ctx.config.upstream.clientSecret,
        fetch: ctx.config.fetch,
        code,
        redirectUri,
      });
      if (!issued) throw new OAuthError(error.error, error.error_description);
      const tokens = toTokenSet(issued, ctx.config.now(), country);
      // Both variants read the business at the same path with the same fields.
      const api = createClient({
        variant,
        baseUrl: ctx.config.upstream.baseUrl,
        credentials: { accessToken: tokens.accessToken, signingSecret: ctx.config.upstream.signingSecret },
        userAgent: ctx.config.upstream.userAgent,
        fetch: ctx.config.fetch,
      }) as AccountingClient<'de'>;
      const [{ data }, { data: me }] = await Promise.all([
        api.GET('/core/v2/business'),
        // Who signed in: the journal names them on every change made through this grant.
        api.GET('/core/v2/me'),
      ]);
      const granted: Scope =
        tokens.scope === 'readonly' || p.scope === 'readonly' ? 'readonly' : 'full_access';
      const id = randomToken('', 18);
      // Until the MCP client exchanges our code: a grant nobody takes up is gone with its code record.
      const expiresAt = ctx.config.now() + CODE_RECORD_MS;
      await ctx.vault.save(id, tokens, { expiresAt });
      grant = {
        id,
        clientId: p.clientId,
        scope: granted,
        resource: p.resource,
        variant,
        businessId: Number(data?.$key ?? 0),
        businessName: data?.name ?? country.toUpperCase(),
        ...(me?.user?.email && { user: me.user.email }),
        createdAt: ctx.config.now(),
      };
      await updateStored(ctx.storage, STORED.grant(grant.id), () => ({
        value: grant,
        expiresAt,
        result: undefined,
      }));
    } catch {
      return back({
        error: 'server_error',
        error_description: 'The accounting service did not complete the sign-in; try again.',
      });
    }
    const code = randomToken('acctkit_code_');
    const record: CodeRecord = {
      grantId: grant.id,
      clientId: p.clientId,
      redirectUri: p.redirectUri,
      codeChallenge: p.codeChallenge,
      resource: p.resource,
      scope: grant.scope,
      used: false,
      expiresAt: ctx.config.now() + ctx.config.codeTtlSeconds * 1000,
    };
    // Kept past its lifetime so that a second use is seen and revokes the grant (RFC 6749 §4.1.2).
    await createStored(
      ctx.storage,
      STORED.code(await sha256(code)),
      record,
      ctx.config.now() + CODE_RECORD_MS,
    );
    return back({ code });
  });
}
