import { type AccountingClient, createClient, variantFromCountry } from '@acctkit/client';
import type { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { FLOW_COOKIE_PREFIX, withParams } from './authorize-routes.js';
import { errorPage, PAGE_HEADERS } from './consent-page.js';
import type { CodeRecord, GrantRecord, PendingAuthorization, Scope } from './grant-records.js';
import { sealTokens } from './grant-tokens.js';
import type { RemoteContext } from './remote-context.js';
import { updateKey } from './remote-storage.js';
import { randomToken, sha256 } from './secrets.js';

/**
 * `GET /callback`: the service's answer. The `state` must name a pending request started in this
 * same browser (its binding cookie), once; then the code is exchanged (oauth4webapi), the business
 * read, the grant stored with its upstream tokens sealed, and a code of our own sent to the MCP client.
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
    const key = `pending:${await sha256(state)}`;
    const binding = getCookie(c, FLOW_COOKIE_PREFIX + state.slice(0, 12));
    const pending = await ctx.storage.get<PendingAuthorization>(key);
    if (!pending || !binding || (await sha256(binding)) !== pending.value.browserBinding) return invalid();
    // Used once: only the caller whose compare-and-set deletes the pending request goes on.
    if (!(await ctx.storage.set(key, null, { expected: pending.version, expiresAt: ctx.config.now() + 1 })))
      return invalid();
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
      const { tokens, country } = await ctx.upstream.exchange(url, state, `${ctx.config.publicUrl}/callback`);
      const variant = variantFromCountry(country);
      // Both variants read the business at the same path with the same fields.
      const api = createClient({
        variant,
        baseUrl: ctx.config.upstream.baseUrl,
        credentials: { accessToken: tokens.access_token, signingSecret: ctx.config.upstream.signingSecret },
        userAgent: ctx.config.upstream.userAgent,
        fetch: ctx.config.fetch,
      }) as AccountingClient<'de'>;
      const { data } = await api.GET('/core/v2/business');
      const granted: Scope =
        tokens.scope === 'readonly' || p.scope === 'readonly' ? 'readonly' : 'full_access';
      const id = randomToken('', 18);
      grant = {
        id,
        clientId: p.clientId,
        scope: granted,
        resource: p.resource,
        variant,
        businessId: Number(data?.$key ?? 0),
        businessName: data?.name ?? country.toUpperCase(),
        upstream: await sealTokens(ctx.cipher, id, {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? '',
          expiresAt: ctx.config.now() + (tokens.expires_in ?? 3600) * 1000,
          scope: tokens.scope,
        }),
        createdAt: ctx.config.now(),
      };
    } catch {
      return back({
        error: 'server_error',
        error_description: 'The accounting service did not complete the sign-in; try again.',
      });
    }
    await updateKey<GrantRecord, void>(ctx.storage, `grant:${grant.id}`, () => ({
      value: grant,
      result: undefined,
    }));
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
    await ctx.storage.set(`code:${await sha256(code)}`, record, {
      expected: 0,
      expiresAt: ctx.config.now() + 600_000,
    });
    return back({ code });
  });
}
