import {
  type AccountingClient,
  authorizationUrl,
  createClient,
  exchangeCode,
  parseCallback,
  toTokenSet,
  variantFromCountry,
} from '@acctkit/client';
import {
  type AppProfile,
  defaultConnectionsFile,
  listenForRedirect,
  loadAppConfig,
  openConnectionStore,
} from '@acctkit/client/node';
import type { BusinessConnection } from '../business-connection.js';
import type { BusinessConnector, SignInRequest } from '../business-connector.js';
import type { Env } from './connect-from-env.js';
import { connectFromStore } from './connect-from-store.js';
import { ConnectionError } from './connection-error.js';
import { USER_AGENT } from './user-agent.js';

/** Options of {@link createBusinessConnector}. */
export interface BusinessConnectorOptions {
  /** The environment: `ACCTKIT_*` app settings, `ACCTKIT_PROFILE`, `ACCTKIT_CONNECTIONS_FILE` (default `process.env`). */
  readonly env?: Env | undefined;
  /** The fetch the code exchange and the clients send with (default the global one). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
}

type App = { readonly [K in keyof AppProfile]-?: string };

/**
 * The connector of the local server: the app comes from `ACCTKIT_BASE_URL`, `ACCTKIT_AUTH_URL`,
 * `ACCTKIT_CLIENT_ID`, `ACCTKIT_CLIENT_SECRET`, `ACCTKIT_SIGNING_SECRET`, then the config file's profile
 * (`ACCTKIT_PROFILE`, its `defaultProfile`, else `production`), as `acctkit login` takes them; the
 * redirect comes to a loopback listener on 127.0.0.1; the connection is stored in the connection file
 * of `acctkit login`, where `acctkit connections` sees it.
 */
export function createBusinessConnector(options: BusinessConnectorOptions = {}): BusinessConnector {
  const env = options.env ?? process.env;
  return {
    async begin(request) {
      const app = await appSettings(env);
      const redirect = await listenForRedirect({ title: 'acctkit', returnTo: 'the chat' });
      const { url, state } = authorizationUrl({
        authUrl: app.authUrl,
        clientId: app.clientId,
        redirectUri: redirect.redirectUri,
        scope: request.scope,
      });
      const connected = (async () => {
        try {
          let failure: unknown;
          let callback: { code: string; country?: string | undefined } | undefined;
          await redirect.wait(
            (u) => {
              try {
                callback = parseCallback(u, state);
                return { ok: true, message: 'acctkit got the authorization and is connecting the business.' };
              } catch (error) {
                failure = error;
                return { ok: false, message: (error as Error).message };
              }
            },
            request.timeoutMs,
            request.signal,
          );
          if (!callback)
            throw new ConnectionError('SIGN_IN', `The sign-in failed: ${(failure as Error).message}`, {
              cause: failure,
            });
          return await store(app, callback, redirect.redirectUri, request, env, options.fetch);
        } finally {
          await redirect.close();
        }
      })();
      return { url, connected };
    },
  };
}

/** Exchanges the code, reads the business, stores the connection and connects it as the store does. */
async function store(
  app: App,
  callback: { code: string; country?: string | undefined },
  redirectUri: string,
  request: SignInRequest,
  env: Env,
  fetch: BusinessConnectorOptions['fetch'],
): Promise<BusinessConnection> {
  const exchanged = await exchangeCode({
    baseUrl: app.baseUrl,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    code: callback.code,
    redirectUri,
    fetch,
  }).catch((cause: unknown) => {
    throw new ConnectionError('SIGN_IN', 'The code exchange could not reach the service.', { cause });
  });
  if (!exchanged.data)
    throw new ConnectionError('SIGN_IN', `The code exchange failed: ${exchanged.error.error}.`);
  const api = createClient({
    variant: callback.country === undefined ? 'de' : variantFromCountry(callback.country),
    baseUrl: app.baseUrl,
    credentials: { accessToken: exchanged.data.access_token, signingSecret: app.signingSecret },
    userAgent: USER_AGENT,
    fetch,
  });
  const { data: business, response } = await (api as AccountingClient<'de'>).GET('/core/v2/business');
  if (!business)
    throw new ConnectionError('SIGN_IN', `Signed in, but reading the business answered ${response.status}.`);
  const country = callback.country ?? business.country?.code?.toLowerCase();
  if (!country) throw new ConnectionError('SIGN_IN', 'The business record does not say its country.');
  const businessId = typeof business.$key === 'number' ? business.$key : 0;
  const scope = exchanged.data.scope === 'readonly' ? 'readonly' : request.scope;
  const name = request.name ?? `${country}-${businessId}`;
  const connections = openConnectionStore({ file: defaultConnectionsFile(env as NodeJS.ProcessEnv) });
  // A sign-in again under a name replaces that connection, as `acctkit login` does: two sign-ins of one
  // business leave one connection.
  await connections.put({
    name,
    baseUrl: app.baseUrl,
    authUrl: app.authUrl,
    clientId: app.clientId,
    country,
    variant: variantFromCountry(country),
    businessId,
    businessName: business.name,
    scope,
    tokens: Object.assign(toTokenSet(exchanged.data), { country }),
    createdAt: new Date().toISOString(),
  });
  const stored = (await connectFromStore(env, fetch)).find((c) => c.name === name);
  if (!stored)
    throw new ConnectionError('SIGN_IN', `The connection '${name}' was stored but cannot be read back.`);
  return stored;
}

/** The app `acctkit login` would use, without flags: `ACCTKIT_*`, then the config profile. */
async function appSettings(env: Env): Promise<App> {
  const loaded = await loadAppConfig({ env: env as NodeJS.ProcessEnv }).catch((cause: unknown) => {
    throw new ConnectionError('INVALID_CONFIG', (cause as Error).message, { cause });
  });
  const profileName = env.ACCTKIT_PROFILE ?? loaded.config.defaultProfile ?? 'production';
  const profile = loaded.config.profiles?.[profileName] ?? {};
  const app = {
    baseUrl: env.ACCTKIT_BASE_URL ?? profile.baseUrl,
    authUrl: env.ACCTKIT_AUTH_URL ?? profile.authUrl,
    clientId: env.ACCTKIT_CLIENT_ID ?? profile.clientId,
    clientSecret: env.ACCTKIT_CLIENT_SECRET ?? profile.clientSecret,
    signingSecret: env.ACCTKIT_SIGNING_SECRET ?? profile.signingSecret,
  };
  const missing = Object.entries(app)
    .filter(([, value]) => !value)
    .map(([key]) => `ACCTKIT_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`);
  if (missing.length > 0)
    throw new ConnectionError(
      'INVALID_CONFIG',
      `Signing in needs the app's settings: set ${missing.join(', ')}, or a "${profileName}" profile in ${loaded.file} that has them.`,
    );
  return app as App;
}
