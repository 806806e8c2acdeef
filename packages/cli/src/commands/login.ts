import {
  type AccountingClient,
  AccountingError,
  authorizationUrl,
  type CallbackResult,
  createClient,
  exchangeCode,
  parseCallback,
  toTokenSet,
  variantFromCountry,
} from '@acctkit/client';
import {
  type AppProfile,
  type LoopbackRedirect,
  listenForRedirect,
  SANDBOX_DEMO_APP,
} from '@acctkit/client/node';
import { CliError } from '../cli-error.js';
import { type Command, numberValue, positionals, stringValue } from '../command.js';
import { loadConfig, profile, resolveApp } from '../config.js';
import { connectionStore } from '../connection-store.js';
import type { Io } from '../io.js';
import { noBrowserError, noBrowserReason, openBrowser } from '../open-browser.js';
import { type AuthorizationAnswer, type PasteReader, readPastedAnswer } from '../pasted-answer.js';
import { terminalText } from '../terminal-text.js';
import { USER_AGENT } from '../version.js';

const SCOPES = ['readonly', 'full_access'] as const;
type Scope = (typeof SCOPES)[number];

/** `acctkit login`: the OAuth authorization code flow with a loopback redirect, then the connection is stored. */
export const login: Command = {
  name: 'login',
  summary: 'connect a business over OAuth and store the connection',
  usage: [
    'login --sandbox [--base-url URL] [--scope readonly|full_access] [--name NAME] [--no-browser]',
    'login [--base-url URL --auth-url URL --client-id ID --client-secret S --signing-secret S] [--profile P] [--scope readonly|full_access] [--name NAME] [--no-browser]',
  ],
  description: [
    'Runs the OAuth 2.0 authorization code flow for a native app (RFC 8252): listens on 127.0.0.1 at an ephemeral port, opens the authorization page in the system browser, checks that the state that comes back is the one sent, exchanges the code, reads the business, and stores the connection (name, hosts, client id, country, business, scope and tokens; never the app secrets) in the connection file. When no browser can be opened (no DISPLAY, WAYLAND_DISPLAY or BROWSER on Linux, or the opener fails) it stops at once and suggests --no-browser.',
    '--no-browser prints the page instead, to open on any device. A browser on this machine finishes the login through 127.0.0.1 as usual; on another device the page the browser goes to after you approve does not load: paste its address from the address bar (its state is checked), or only its code, into the terminal.',
    '--sandbox targets a local sandbox (default http://127.0.0.1:4010; --base-url or ACCTKIT_BASE_URL for another, such as the one `npm start -- --port N` runs) with its published demo app, and stops at once when none answers there. Otherwise the app comes from the flags, then ACCTKIT_* variables, then the profile of the config file ($XDG_CONFIG_HOME/acctkit/config.json; --profile, ACCTKIT_PROFILE, its "defaultProfile", else "production").',
    'The default name is <country>-<business id> (sandbox-<country>-<business id> with --sandbox); logging in again under a name replaces that connection.',
  ],
  options: {
    sandbox: { type: 'boolean', description: 'Use a local sandbox and its demo app.' },
    'base-url': { type: 'string', value: 'URL', description: 'API host (token endpoint and data calls).' },
    'auth-url': {
      type: 'string',
      value: 'URL',
      description: 'Authorization host (default: the base URL with --sandbox).',
    },
    'client-id': { type: 'string', value: 'ID', description: 'The app registration’s client_id.' },
    'client-secret': {
      type: 'string',
      value: 'S',
      description: 'The app’s client_secret (for the code exchange).',
    },
    'signing-secret': {
      type: 'string',
      value: 'S',
      description: 'The app’s signing_secret (to read the business).',
    },
    profile: {
      type: 'string',
      value: 'P',
      description: 'Config file profile to take the app settings from.',
    },
    scope: { type: 'string', value: 'SCOPE', description: 'readonly or full_access (default full_access).' },
    name: { type: 'string', value: 'NAME', description: 'Name to store the connection under.' },
    'no-browser': {
      type: 'boolean',
      description:
        'Print the authorization URL instead of opening a browser; then paste the address the browser ends on (or its code).',
    },
    port: {
      type: 'string',
      value: 'N',
      description: 'Listen on this port for the redirect (default: an ephemeral one).',
    },
    timeout: {
      type: 'string',
      value: 'SECONDS',
      description: 'Give up waiting for the browser after this long (default 300).',
    },
  },
  environment: {
    ACCTKIT_BASE_URL: 'API host',
    ACCTKIT_AUTH_URL: 'authorization host',
    ACCTKIT_CLIENT_ID: 'client_id',
    ACCTKIT_CLIENT_SECRET: 'client_secret',
    ACCTKIT_SIGNING_SECRET: 'signing_secret',
    ACCTKIT_PROFILE: 'config file profile',
    ACCTKIT_CONNECTIONS_FILE: 'connection file (default $XDG_CONFIG_HOME/acctkit/connections.json)',
  },
  examples: [
    'acctkit login --sandbox',
    'acctkit login --sandbox --no-browser --name demo',
    'acctkit login --profile production --scope readonly --name shop',
  ],
  async run(args, io) {
    positionals(args, this, []);
    const sandbox = args.values.sandbox === true;
    const scope = stringValue(args, 'scope') ?? 'full_access';
    if (!SCOPES.includes(scope as Scope))
      throw new CliError('USAGE', `--scope is readonly or full_access, not '${scope.slice(0, 20)}'.`);
    const timeoutSeconds = numberValue(
      args,
      'timeout',
      { min: 1, takes: 'a number of seconds, 1 or more' },
      300,
    );
    const port = numberValue(
      args,
      'port',
      { min: 0, max: 65535, integer: true, takes: 'a port number from 0 to 65535 (0: any free port)' },
      0,
    );
    const noBrowser = args.values['no-browser'] === true;
    // Fail before listening: without a display the redirect could never come.
    const reason = noBrowser || io.openUrl ? undefined : noBrowserReason(io.env);
    if (reason) throw noBrowserError(reason);
    const app = await appSettings(args.values, sandbox, io);
    if (sandbox) await sandboxAnswers(app.baseUrl, io);

    const store = connectionStore(io);
    const redirect = await listenForRedirect({
      port,
      title: 'acctkit login',
      returnTo: 'the terminal',
    }).catch((cause: unknown) => Promise.reject(new CliError('LOGIN', (cause as Error).message, { cause })));
    let paste: PasteReader | undefined;
    try {
      const { url, state } = authorizationUrl({
        authUrl: app.authUrl,
        clientId: app.clientId,
        redirectUri: redirect.redirectUri,
        scope: scope as Scope,
      });
      // The answer comes to the loopback listener, or with --no-browser is pasted (and asked for again
      // when the service refuses a pasted code); the browser opener only ever fails.
      const others: Promise<Answered>[] = [
        answered('listener', fromLoopback(redirect, state, timeoutSeconds * 1000)),
      ];
      if (noBrowser) {
        io.stderr.write(
          `Open this page in a browser, on this device or any other, to connect a business:\n\n  ${url}\n\nAfter you approve, the browser goes to ${redirect.redirectUri}?code=…: on this device that finishes the login. On another device that page does not load: copy its address from the address bar (or only the code) and paste it here, then press Enter:\n`,
        );
        paste = readPastedAnswer(io.stdin ?? process.stdin, state, io.stderr);
      } else {
        io.stderr.write(
          `Opening this page in your browser to connect a business:\n\n  ${url}\n\nWaiting for the answer on ${redirect.redirectUri} …\n`,
        );
        others.push(openBrowser(url, io));
      }
      const nextPaste = (reader: PasteReader): Promise<Answered> =>
        answered(
          'paste',
          reader
            .next()
            .catch((failure: unknown) =>
              Promise.reject(failure instanceof CliError ? failure : callbackError(failure)),
            ),
        );
      let pasted = paste && nextPaste(paste);
      let answer: AuthorizationAnswer;
      let exchanged: Awaited<ReturnType<typeof exchangeCode>>;
      for (;;) {
        const got = await Promise.race(pasted ? [...others, pasted] : others);
        answer = got.answer;
        exchanged = await exchangeCode({
          baseUrl: app.baseUrl,
          clientId: app.clientId,
          clientSecret: app.clientSecret,
          code: answer.code,
          redirectUri: redirect.redirectUri,
          fetch: io.fetch,
        });
        if (exchanged.data || got.from !== 'paste' || exchanged.error.error !== 'invalid_grant' || !paste)
          break;
        // A pasted code the service does not know (mistyped, used, expired): ask for another.
        paste.refuse(
          'The service did not accept that code (invalid_grant: mistyped, already used, or older than its 60 seconds). Open the page above again, approve, and paste the new address.',
        );
        pasted = nextPaste(paste);
      }
      if (!exchanged.data)
        throw new CliError(
          'LOGIN',
          `The code exchange failed: ${exchanged.error.error}${exchanged.error.error_description ? ` (${exchanged.error.error_description})` : ''}.`,
        );
      const accessToken = exchanged.data.access_token;
      const api = createClient({
        // A pasted code comes without its country; the business record tells it (below).
        variant: answer.country === undefined ? 'de' : variantFromCountry(answer.country),
        baseUrl: app.baseUrl,
        credentials: { accessToken, signingSecret: app.signingSecret },
        userAgent: USER_AGENT,
        fetch: io.fetch,
      });
      // Both variants answer /core/v2/business with the same Business schema.
      const { data: business, response } = await (api as AccountingClient<'de'>).GET('/core/v2/business');
      if (!business)
        throw new CliError(
          'LOGIN',
          `Connected, but reading the business answered ${response.status}; check the signing secret.`,
        );
      const country = answer.country ?? business.country?.code?.toLowerCase();
      if (!country)
        throw new CliError(
          'LOGIN',
          'The business record does not say its country: paste the whole address the browser ended on, not only its code.',
        );
      const variant = variantFromCountry(country);
      // The country rides with the tokens, so that a client of the other variant refuses them.
      const tokens = Object.assign(toTokenSet(exchanged.data), { country });
      // The business id is the record's `$key` (optional in the interface: 0 when a service leaves it out).
      const businessId = typeof business.$key === 'number' ? business.$key : 0;
      const granted = SCOPES.find((s) => s === exchanged.data.scope) ?? (scope as Scope);
      const name = stringValue(args, 'name') ?? `${sandbox ? 'sandbox-' : ''}${country}-${businessId}`;
      const replaced = (await store.get(name)) !== undefined;
      await store.put({
        name,
        baseUrl: app.baseUrl,
        authUrl: app.authUrl,
        clientId: app.clientId,
        country,
        variant,
        businessId,
        businessName: business.name,
        scope: granted,
        tokens,
        createdAt: new Date().toISOString(),
      });
      io.stdout.write(
        `${replaced ? 'Reconnected' : 'Connected'} '${name}': ${terminalText(business.name, { oneLine: true })} (business ${businessId}, ${country}, ${granted}).\n`,
      );
      io.stderr.write(
        `Stored in ${store.file}. Try: acctkit request GET /core/v2/business --connection ${name}\n`,
      );
      return 0;
    } finally {
      paste?.close();
      await redirect.close();
    }
  },
};

/** An answer, with where it came from: only a pasted one is asked for again when the service refuses it. */
interface Answered {
  readonly from: 'listener' | 'paste';
  readonly answer: AuthorizationAnswer;
}

function answered(from: Answered['from'], answer: Promise<AuthorizationAnswer>): Promise<Answered> {
  return answer.then((a) => ({ from, answer: a }));
}

/** Every setting of a profile, resolved. */
type App = { readonly [K in keyof AppProfile]-?: string };

/** The app settings login needs, each from a flag, then `ACCTKIT_*`, then the config profile. */
async function appSettings(
  values: Readonly<Record<string, unknown>>,
  sandbox: boolean,
  io: Io,
): Promise<App> {
  const loaded = await loadConfig(io);
  const profileName =
    (values.profile as string | undefined) ??
    io.env.ACCTKIT_PROFILE ??
    (sandbox ? 'sandbox' : (loaded.config.defaultProfile ?? 'production'));
  const flags: AppProfile = {
    baseUrl: values['base-url'] as string | undefined,
    authUrl: values['auth-url'] as string | undefined,
    clientId: values['client-id'] as string | undefined,
    clientSecret: values['client-secret'] as string | undefined,
    signingSecret: values['signing-secret'] as string | undefined,
  };
  // The sandbox serves the authorization pages on its API host.
  const fallback: AppProfile = sandbox ? { ...SANDBOX_DEMO_APP, authUrl: undefined } : {};
  const app = resolveApp(flags, io.env, profile(loaded, profileName), fallback);
  const resolved = { ...app, authUrl: app.authUrl ?? (sandbox ? app.baseUrl : undefined) };
  const missing = (
    [
      ['baseUrl', '--base-url', 'ACCTKIT_BASE_URL'],
      ['authUrl', '--auth-url', 'ACCTKIT_AUTH_URL'],
      ['clientId', '--client-id', 'ACCTKIT_CLIENT_ID'],
      ['clientSecret', '--client-secret', 'ACCTKIT_CLIENT_SECRET'],
      ['signingSecret', '--signing-secret', 'ACCTKIT_SIGNING_SECRET'],
    ] as const
  ).filter(([key]) => !resolved[key]);
  if (missing.length > 0)
    throw new CliError(
      'CONFIG',
      `login needs ${missing.map(([, flag, variable]) => `${flag} (or ${variable})`).join(', ')}, or a "${profileName}" profile in ${loaded.file} that has them; use --sandbox for a local sandbox.`,
    );
  for (const key of ['baseUrl', 'authUrl'] as const)
    if (!/^https?:\/\/[^/]/i.test(resolved[key] as string))
      throw new CliError('CONFIG', `The ${key === 'baseUrl' ? 'base' : 'auth'} URL must be an http(s) URL.`);
  return resolved as App;
}

/**
 * With --sandbox, that something answers at the base URL before a page that cannot load is printed:
 * a sandbox moved off its default port (`npm start -- --port N`) is named with --base-url.
 */
async function sandboxAnswers(baseUrl: string, io: Io): Promise<void> {
  const send = io.fetch ?? fetch;
  try {
    const response = await send(
      new Request(`${baseUrl.replace(/\/+$/, '')}/oauth2/auth`, {
        method: 'HEAD',
        signal: AbortSignal.timeout(10_000),
      }),
    );
    await response.body?.cancel();
  } catch (cause) {
    throw new CliError(
      'NETWORK',
      `No sandbox answers at ${baseUrl}. Start one (acctkit-sandbox, or npm start in a clone of acctkit, which prints the login command for its port), or name the one running with --base-url (or ACCTKIT_BASE_URL).`,
      { cause },
    );
  }
}

/** The answer that comes to the loopback listener; a wrong `state` or an `error` there ends the login. */
async function fromLoopback(
  redirect: LoopbackRedirect,
  state: string,
  timeoutMs: number,
): Promise<AuthorizationAnswer> {
  let callback: CallbackResult | undefined;
  let failure: unknown;
  await redirect
    .wait((u) => {
      try {
        callback = parseCallback(u, state);
        return { ok: true, message: 'acctkit got the authorization and is finishing in the terminal.' };
      } catch (err) {
        failure = err;
        return { ok: false, message: (err as Error).message };
      }
    }, timeoutMs)
    .catch((cause: unknown) =>
      Promise.reject(
        new CliError('LOGIN', `${(cause as Error).message.replace(/\.$/, '')}; run login again.`, { cause }),
      ),
    );
  if (!callback) throw callbackError(failure);
  return { code: callback.code, country: callback.country };
}

function callbackError(failure: unknown): CliError {
  if (failure instanceof AccountingError && failure.code === 'STATE_MISMATCH')
    return new CliError(
      'LOGIN',
      'The answer carried another state than the one sent, so it is not for this login: nothing was stored. Run login again.',
      { cause: failure },
    );
  const oauthError = (failure as { error?: string }).error;
  if (oauthError === 'access_denied')
    return new CliError('LOGIN', 'Access was denied in the browser; nothing was stored.', { cause: failure });
  return new CliError(
    'LOGIN',
    `The authorization failed: ${(failure as Error)?.message ?? 'no code came back'}`,
    {
      cause: failure,
    },
  );
}
