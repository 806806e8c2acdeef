import { authorizationUrl } from '@acctkit/client';
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { limitPerAddress } from './address-rate-limit.js';
import { findClient, matchesRedirectUri } from './client-registry.js';
import { consentPage, errorPage, PAGE_HEADERS } from './consent-page.js';
import { type ClientRecord, type PendingAuthorization, type Scope, scopeOf } from './grant-records.js';
import type { RemoteContext } from './remote-context.js';
import { base64url, fromBase64, randomToken, sha256 } from './secrets.js';
import { createStored, STORED } from './stored-keys.js';

const CONSENT_COOKIE = 'acctkit_mcp_consent';
const CSRF_COOKIE = 'acctkit_mcp_csrf';
/** The browser-binding cookie of one flow: its name carries the start of the state. */
export const FLOW_COOKIE_PREFIX = 'acctkit_mcp_flow_';
const PENDING_MS = 600_000;
const FORM_MS = 600_000;

/** A checked authorization request. */
interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | undefined;
  readonly scope: Scope;
  readonly resource: string;
}

type Checked =
  | { kind: 'page'; status: 400; title: string; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; client: ClientRecord; request: AuthorizationRequest };

/** Adds query parameters to a redirect URI, keeping its own. */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/**
 * Validates an authorization request (RFC 6749 §4.1.2.1, OAuth 2.1 §4.1.1): nothing redirects before
 * the client and its redirect URI are trusted; then PKCE S256, the response type, the resource.
 */
async function checkRequest(ctx: RemoteContext, c: Context, q: URLSearchParams): Promise<Checked> {
  const single = (name: string) => (q.getAll(name).length > 1 ? null : q.get(name));
  const clientId = single('client_id');
  if (!clientId)
    return { kind: 'page', status: 400, title: 'Unknown client', message: 'The request names no client_id.' };
  // A metadata document fetch costs an outbound request: bounded per address like registrations.
  const client = await findClient(ctx.config, ctx.storage, clientId, () =>
    limitPerAddress(ctx, c, 'cimd', ctx.config.registrationsPerMinute, 'client metadata document fetches'),
  );
  if (!client)
    return {
      kind: 'page',
      status: 400,
      title: 'Unknown client',
      message: 'This MCP client is not registered here and its metadata document could not be used.',
    };
  const redirectUri = single('redirect_uri');
  if (!redirectUri || !matchesRedirectUri(client, redirectUri))
    return {
      kind: 'page',
      status: 400,
      title: 'Unregistered redirect URI',
      message: 'The redirect_uri is not one this client registered; nothing was sent to it.',
    };
  const state = single('state') ?? undefined;
  const fail = (error: string, description: string): Checked => ({
    kind: 'redirect',
    location: withParams(redirectUri, {
      error,
      error_description: description,
      state,
      iss: ctx.config.issuer,
    }),
  });
  if (single('response_type') !== 'code')
    return fail('unsupported_response_type', "response_type must be 'code'.");
  const challenge = single('code_challenge');
  if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge) || single('code_challenge_method') !== 'S256')
    return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method S256.');
  const resources = q.getAll('resource');
  if (resources.length > 1 || (resources[0] !== undefined && resources[0] !== ctx.config.resource))
    return fail('invalid_target', `This server issues tokens for ${ctx.config.resource} only.`);
  return {
    kind: 'ok',
    client,
    request: {
      clientId,
      redirectUri,
      codeChallenge: challenge,
      state,
      scope: scopeOf(single('scope')),
      resource: ctx.config.resource,
    },
  };
}

async function consentKey(r: AuthorizationRequest, scope: Scope): Promise<string> {
  return (await sha256(`${r.clientId}\n${r.redirectUri}\n${scope}`)).slice(0, 22);
}

async function rememberedConsents(ctx: RemoteContext, c: Context): Promise<string[]> {
  const raw = getCookie(c, CONSENT_COOKIE);
  if (!raw) return [];
  const [payload, mac] = raw.split('.');
  if (!payload || !mac || !(await ctx.mac.verify(`consent.${payload}`, mac))) return [];
  try {
    const list: unknown = JSON.parse(new TextDecoder().decode(fromBase64(payload)));
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

async function rememberConsent(ctx: RemoteContext, c: Context, key: string): Promise<void> {
  const list = [key, ...(await rememberedConsents(ctx, c)).filter((k) => k !== key)].slice(0, 30);
  const payload = base64url(new TextEncoder().encode(JSON.stringify(list)));
  setCookie(c, CONSENT_COOKIE, `${payload}.${await ctx.mac.sign(`consent.${payload}`)}`, {
    httpOnly: true,
    secure: ctx.secureCookies,
    sameSite: 'Lax',
    path: '/authorize',
    maxAge: 365 * 86_400,
  });
}

/** Sends the browser on to the service's sign-in, bound to this browser by a cookie. */
async function startUpstream(ctx: RemoteContext, c: Context, r: AuthorizationRequest, scope: Scope) {
  const upstreamState = randomToken();
  const binding = randomToken();
  const pending: PendingAuthorization = {
    clientId: r.clientId,
    redirectUri: r.redirectUri,
    codeChallenge: r.codeChallenge,
    state: r.state,
    scope,
    resource: r.resource,
    browserBinding: await sha256(binding),
  };
  await createStored(
    ctx.storage,
    STORED.pending(await sha256(upstreamState)),
    pending,
    ctx.config.now() + PENDING_MS,
  );
  setCookie(c, FLOW_COOKIE_PREFIX + upstreamState.slice(0, 12), binding, {
    httpOnly: true,
    secure: ctx.secureCookies,
    sameSite: 'Lax',
    path: '/callback',
    maxAge: PENDING_MS / 1000,
  });
  const { url } = authorizationUrl({
    authUrl: ctx.config.upstream.authUrl,
    clientId: ctx.config.upstream.clientId,
    redirectUri: `${ctx.config.publicUrl}/callback`,
    scope,
    state: upstreamState,
  });
  return c.redirect(url, 302);
}

/**
 * `GET /authorize` (consent page, or straight on when this browser already approved this client,
 * redirect URI and scope) and `POST /authorize` (the consent form: CSRF nonce in a SameSite cookie
 * and in the signed form, same-origin `Origin`).
 */
export function authorizeRoutes(app: Hono, ctx: RemoteContext): void {
  app.get('/authorize', async (c) => {
    const checked = await checkRequest(ctx, c, new URL(c.req.url).searchParams);
    if (checked.kind === 'page') return c.html(errorPage(checked.title, checked.message), 400, PAGE_HEADERS);
    if (checked.kind === 'redirect') return c.redirect(checked.location, 302);
    const r = checked.request;
    if ((await rememberedConsents(ctx, c)).includes(await consentKey(r, r.scope)))
      return startUpstream(ctx, c, r, r.scope);
    const csrf = randomToken('', 16);
    const payload = base64url(
      new TextEncoder().encode(JSON.stringify({ ...r, csrf, exp: ctx.config.now() + FORM_MS })),
    );
    const request = `${payload}.${await ctx.mac.sign(`form.${payload}`)}`;
    setCookie(c, CSRF_COOKIE, csrf, {
      httpOnly: true,
      secure: ctx.secureCookies,
      sameSite: 'Lax',
      path: '/authorize',
      maxAge: FORM_MS / 1000,
    });
    return c.html(
      consentPage({
        client: checked.client,
        redirectUri: r.redirectUri,
        scope: r.scope,
        request,
        csrf,
        serviceName: 'accounting',
      }),
      200,
      PAGE_HEADERS,
    );
  });

  app.post('/authorize', async (c) => {
    const forbidden = () =>
      c.html(errorPage('This form has expired', 'Start again from your MCP client.'), 403, PAGE_HEADERS);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== new URL(ctx.config.publicUrl).origin) return forbidden();
    const form = await c.req.parseBody();
    const blob = typeof form.request === 'string' ? form.request : '';
    const [payload, mac] = blob.split('.');
    if (!payload || !mac || !(await ctx.mac.verify(`form.${payload}`, mac))) return forbidden();
    const r = JSON.parse(new TextDecoder().decode(fromBase64(payload))) as AuthorizationRequest & {
      csrf: string;
      exp: number;
    };
    const cookie = getCookie(c, CSRF_COOKIE);
    if (r.exp < ctx.config.now() || !cookie || cookie !== r.csrf || form.csrf !== r.csrf) return forbidden();
    setCookie(c, CSRF_COOKIE, '', { path: '/authorize', maxAge: 0 });
    if (form.decision !== 'approve')
      return c.redirect(
        withParams(r.redirectUri, {
          error: 'access_denied',
          error_description: 'The user cancelled.',
          state: r.state,
          iss: ctx.config.issuer,
        }),
        302,
      );
    // The user may narrow full access to read-only, never widen.
    const scope: Scope =
      r.scope === 'full_access' && form.scope === 'full_access' ? 'full_access' : 'readonly';
    await rememberConsent(ctx, c, await consentKey(r, scope));
    return startUpstream(ctx, c, r, scope);
  });
}
