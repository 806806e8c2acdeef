import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import {
  type Html,
  type PageLanguage,
  type PageText,
  page,
  pageLanguage,
  pageText,
} from './authorize-text.js';
import type { Client } from './directory.js';
import { formPairs, readFormText } from './parse-form-body.js';
import { isRegisteredRedirect } from './redirect-uri.js';
import type { SandboxEnv, SandboxState } from './sandbox-env.js';
import type { Scope } from './scope.js';
import { checkPassword, randomToken } from './secrets.js';

const SESSION = 'acctkit_session';
const LOGIN_CSRF = 'acctkit_login_csrf';
const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'] as const;
const HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

type PageError = 'clientMissing' | 'unknownClient' | 'redirectMissing' | 'redirectUnregistered';

type Checked =
  | { kind: 'page'; message: PageError }
  | { kind: 'redirect'; location: string }
  | {
      kind: 'ok';
      client: Client;
      redirectUri: string;
      scope: Scope;
      state: string | undefined;
      query: string;
    };

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/** Validates the authorization request (RFC 6749 §4.1.2.1: no redirect before client and redirect URI are trusted). */
function checkRequest(state: SandboxState, query: URLSearchParams): Checked {
  const one = (k: string) => query.getAll(k);
  const clientIds = one('client_id');
  const redirects = one('redirect_uri');
  if (clientIds.length !== 1) return { kind: 'page', message: 'clientMissing' };
  const client = state.directory.client(clientIds[0] as string);
  if (!client) return { kind: 'page', message: 'unknownClient' };
  if (redirects.length !== 1) return { kind: 'page', message: 'redirectMissing' };
  const redirectUri = redirects[0] as string;
  if (!isRegisteredRedirect(client.redirectUris, redirectUri))
    return { kind: 'page', message: 'redirectUnregistered' };
  const st = one('state');
  const stateValue = st[0];
  const fail = (error: string, description: string): Checked => ({
    kind: 'redirect',
    location: withParams(redirectUri, { error, error_description: description, state: stateValue }),
  });
  for (const k of PARAMS)
    if (one(k).length > 1) return fail('invalid_request', `Parameter ${k} is repeated.`);
  const rt = query.get('response_type');
  if (rt === null) return fail('invalid_request', 'response_type is missing.');
  if (rt !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
  const scope = query.get('scope') ?? 'full_access';
  if (scope !== 'full_access' && scope !== 'readonly')
    return fail('invalid_scope', 'scope must be readonly or full_access.');
  if (!client.grantTypes.includes('authorization_code'))
    return fail('unauthorized_client', 'This client may not use the authorization code grant.');
  const clean = new URLSearchParams();
  for (const k of PARAMS) {
    const v = query.get(k);
    if (v !== null) clean.set(k, v);
  }
  return { kind: 'ok', client, redirectUri, scope, state: stateValue, query: clean.toString() };
}

function errorPage(
  c: Context<SandboxEnv>,
  lang: PageLanguage,
  t: PageText,
  message: string,
  status: 400 | 403 = 400,
): Response | Promise<Response> {
  return c.html(
    page(lang, t.errorTitle, html`<h1>${t.errorTitle}</h1><p class="error" role="alert">${message}</p>`),
    status,
    HEADERS,
  );
}

function loginPage(
  lang: PageLanguage,
  t: PageText,
  client: Client,
  query: string,
  csrf: string,
  failed: boolean,
): Html {
  return page(
    lang,
    t.signInTitle,
    html`<h1>${t.signInTitle}</h1>
<p><strong>${client.name}</strong> ${t.signInIntro}</p>
${failed ? html`<p class="error" role="alert" id="login-error">${t.badLogin}</p>` : ''}
<form method="post" action="/oauth2/auth/login?lang=${lang}">
<input type="hidden" name="q" value="${query}">
<input type="hidden" name="csrf" value="${csrf}">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required${failed ? html` aria-describedby="login-error"` : ''}>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t.signIn}</button>
</form>
<p class="hint">${t.demoHint} <a href="/docs/guide#demo-logins">${t.demoLink}</a></p>`,
  );
}

function consentPage(
  lang: PageLanguage,
  t: PageText,
  client: Client,
  scope: Scope,
  query: string,
  csrf: string,
  user: string,
  businesses: { id: number; name: string; country: string }[],
): Html {
  const choices = businesses.map(
    (b, i) =>
      html`<div><input type="radio" id="b${b.id}" name="business_id" value="${b.id}"${i === 0 ? html` checked` : ''}> <label style="display:inline" for="b${b.id}">${b.name} (${b.country})</label></div>`,
  );
  return page(
    lang,
    t.consentTitle,
    html`<h1>${t.consentTitle}</h1>
<p><strong>${client.name}</strong> ${t.consentIntro} ${user}.</p>
<p>${t.scope}: <strong>${t[scope]}</strong></p>
<form method="post" action="/oauth2/auth/decision?lang=${lang}">
<input type="hidden" name="q" value="${query}">
<input type="hidden" name="csrf" value="${csrf}">
<fieldset><legend>${t.business}</legend>${choices}</fieldset>
<button type="submit" name="decision" value="approve">${t.approve}</button>
<button type="submit" name="decision" value="deny" class="secondary">${t.deny}</button>
</form>`,
  );
}

async function readForm(c: Context<SandboxEnv>, state: SandboxState): Promise<Map<string, string> | null> {
  try {
    return new Map(formPairs(await readFormText(c, state.formLimits), state.formLimits));
  } catch {
    return null;
  }
}

/**
 * `authorize`: the sign-in and consent pages at `/oauth2/auth` (de/pt/en). Login sets an HttpOnly,
 * SameSite=Lax session cookie; both forms carry CSRF tokens; approve redirects with `code`, `country`
 * and `state`; deny and request errors redirect per RFC 6749 §4.1.2.1; an unknown client or an
 * unregistered redirect URI gets a 400 error page, never a redirect.
 */
export function authorizePages(app: Hono<SandboxEnv>, state: SandboxState): void {
  const langOf = (c: Context<SandboxEnv>) =>
    pageLanguage(c.req.query('lang'), c.req.header('accept-language'));
  const cookie = { httpOnly: true, sameSite: 'Lax' as const, path: '/oauth2' };

  app.get('/oauth2/auth', (c) => {
    const lang = langOf(c);
    const t = pageText(lang);
    const checked = checkRequest(state, new URL(c.req.url).searchParams);
    if (checked.kind === 'page') return errorPage(c, lang, t, t[checked.message]);
    if (checked.kind === 'redirect') return c.redirect(checked.location, 302);
    const now = state.clock.now();
    const session = state.directory.session(getCookie(c, SESSION) ?? '', now);
    if (!session) {
      const csrf = randomToken(16);
      setCookie(c, LOGIN_CSRF, csrf, { ...cookie, maxAge: 1800 });
      return c.html(loginPage(lang, t, checked.client, checked.query, csrf, false), 200, HEADERS);
    }
    const user = state.directory.user(session.userId);
    const owned = state.directory
      .ownedBusinesses(session.userId)
      .map((b) => ({ id: b.id, name: b.data.name, country: b.country }));
    return c.html(
      consentPage(
        lang,
        t,
        checked.client,
        checked.scope,
        checked.query,
        session.csrf,
        user?.email ?? '',
        owned,
      ),
      200,
      HEADERS,
    );
  });

  app.post('/oauth2/auth/login', async (c) => {
    const lang = langOf(c);
    const t = pageText(lang);
    const form = await readForm(c, state);
    const expected = getCookie(c, LOGIN_CSRF);
    if (!form || !expected || form.get('csrf') !== expected) return errorPage(c, lang, t, t.expiredForm, 403);
    const query = form.get('q') ?? '';
    const checked = checkRequest(state, new URLSearchParams(query));
    if (checked.kind === 'page') return errorPage(c, lang, t, t[checked.message]);
    if (checked.kind === 'redirect') return c.redirect(checked.location, 302);
    const user = state.directory.userByEmail(form.get('email') ?? '');
    if (!user || !checkPassword(form.get('password') ?? '', user.passwordHash)) {
      const csrf = randomToken(16);
      setCookie(c, LOGIN_CSRF, csrf, { ...cookie, maxAge: 1800 });
      return c.html(loginPage(lang, t, checked.client, checked.query, csrf, true), 401, HEADERS);
    }
    const sessionId = randomToken(32);
    state.directory.createSession(sessionId, user.id, randomToken(16), state.clock.now() + 3_600_000);
    setCookie(c, SESSION, sessionId, { ...cookie, maxAge: 3600 });
    return c.redirect(`/oauth2/auth?${checked.query}&lang=${lang}`, 303);
  });

  app.post('/oauth2/auth/decision', async (c) => {
    const lang = langOf(c);
    const t = pageText(lang);
    const form = await readForm(c, state);
    const now = state.clock.now();
    const session = state.directory.session(getCookie(c, SESSION) ?? '', now);
    if (!form || !session || form.get('csrf') !== session.csrf)
      return errorPage(c, lang, t, t.expiredForm, 403);
    const checked = checkRequest(state, new URLSearchParams(form.get('q') ?? ''));
    if (checked.kind === 'page') return errorPage(c, lang, t, t[checked.message]);
    if (checked.kind === 'redirect') return c.redirect(checked.location, 302);
    if (form.get('decision') !== 'approve')
      return c.redirect(
        withParams(checked.redirectUri, {
          error: 'access_denied',
          error_description: t.denied,
          state: checked.state,
        }),
        302,
      );
    const businessId = Number(form.get('business_id'));
    const business = state.directory.ownedBusinesses(session.userId).find((b) => b.id === businessId);
    if (!business)
      return c.redirect(
        withParams(checked.redirectUri, {
          error: 'invalid_request',
          error_description: 'Choose one of your businesses.',
          state: checked.state,
        }),
        302,
      );
    const code = randomToken(20);
    state.directory.createCode(code, {
      clientId: checked.client.clientId,
      redirectUri: checked.redirectUri,
      userId: session.userId,
      businessId: business.id,
      scope: checked.scope,
      expiresAt: now + state.codeTtlSeconds * 1000,
    });
    return c.redirect(
      withParams(checked.redirectUri, { code, country: business.country, state: checked.state }),
      302,
    );
  });
}
