/**
 * The sandbox the examples talk to, and what a real deployment would configure: the API host, the app
 * registration and a fetch. By default an in-process sandbox (no network, no files); with
 * `ACCTKIT_BASE_URL` and `ACCTKIT_ADMIN_TOKEN` a running one (`npm start` prints both):
 *
 *   ACCTKIT_BASE_URL=http://127.0.0.1:4010 ACCTKIT_ADMIN_TOKEN=… pnpm exec tsx examples/contacts.ts
 */
import { createSandbox, DEMO_USERS } from '@acctkit/sandbox';
import { Browser, location } from './browser.js';

export interface ExampleEnv {
  readonly baseUrl: string;
  readonly fetch: (request: Request) => Promise<Response>;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
  /** Tokens for a demo business, as a finished OAuth connection would have stored them. */
  readonly connect: (
    business: 'de' | 'pt',
  ) => Promise<{ accessToken: string; refreshToken: string; expiresAt: number; country: string }>;
  /**
   * Plays the user's browser on the real authorization pages: signs in as the demo user who owns
   * `business`, approves (or denies) on the consent page, and returns the callback URL the service
   * redirects to.
   */
  readonly approve: (
    authorizationUrl: string,
    business: 'de' | 'pt',
    decision?: 'approve' | 'deny',
  ) => Promise<string>;
  readonly close: () => void;
}

/**
 * The sandbox the examples run against: the running one named by `ACCTKIT_BASE_URL` (with its admin
 * token in `ACCTKIT_ADMIN_TOKEN`), else a fresh in-process one.
 */
export async function startExampleSandbox(
  env: Record<string, string | undefined> = process.env,
): Promise<ExampleEnv> {
  const baseUrl = env.ACCTKIT_BASE_URL;
  if (baseUrl) {
    const adminToken = env.ACCTKIT_ADMIN_TOKEN;
    if (!adminToken)
      throw new Error(
        'ACCTKIT_BASE_URL is set but ACCTKIT_ADMIN_TOKEN is not: set it to the admin token the sandbox printed (npm start prints one; acctkit-sandbox takes --admin-token).',
      );
    return connectExampleSandbox(baseUrl, adminToken);
  }
  const adminToken = 'examples-admin';
  const sandbox = createSandbox({ database: ':memory:', adminToken });
  return exampleEnv(
    'https://api.sandbox.test',
    (request) => sandbox.fetch(request),
    adminToken,
    () => sandbox.close(),
  );
}

/**
 * A sandbox already running at `baseUrl` (`npm start`, `acctkit-sandbox --admin-token T`), reached
 * over the network with the global fetch; tokens are minted through its admin API.
 */
export function connectExampleSandbox(baseUrl: string, adminToken: string): Promise<ExampleEnv> {
  return exampleEnv(
    baseUrl.replace(/\/+$/, ''),
    (request) => fetch(request),
    adminToken,
    () => {},
  );
}

async function exampleEnv(
  baseUrl: string,
  send: (request: Request) => Promise<Response>,
  adminToken: string,
  close: () => void,
): Promise<ExampleEnv> {
  // `POST /_sandbox/tokens`: tokens for a demo business, as a finished connection would hold them.
  const admin = async (business: 'de' | 'pt') => {
    const response = await send(
      new Request(`${baseUrl}/_sandbox/tokens`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ business }),
      }),
    );
    if (!response.ok)
      throw new Error(`the sandbox's admin API answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      client_id: string;
      client_secret: string;
      signing_secret: string;
      country: string;
    };
  };
  const registration = await admin('de');
  return {
    baseUrl,
    fetch: send,
    clientId: registration.client_id,
    clientSecret: registration.client_secret,
    signingSecret: registration.signing_secret,
    connect: async (business) => {
      const t = await admin(business);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token,
        expiresAt: Date.now() + t.expires_in * 1000,
        country: t.country,
      };
    },
    approve: async (authorizationUrl, business, decision = 'approve') => {
      const user = DEMO_USERS.find((u) => u.owns.length === 1 && u.owns[0] === business);
      if (!user) throw new Error(`no demo user owns only ${business}`);
      const browser = new Browser(send);
      // Sign-in page → sign in (the session cookie is set) → back to the consent page.
      const signIn = await browser.open(authorizationUrl);
      const signedIn = await browser.submit(authorizationUrl, await signIn.text(), {
        email: user.email,
        password: user.password,
      });
      const consentUrl = location(signedIn, authorizationUrl);
      const consent = await browser.open(consentUrl);
      // Approve or deny: the service redirects to redirect_uri with code, country and state.
      const decided = await browser.submit(consentUrl, await consent.text(), { decision });
      return location(decided, consentUrl);
    },
    close,
  };
}

/** Runs `main` against the examples' sandbox when the file is executed directly (`pnpm exec tsx examples/…`). */
export async function runIfMain(url: string, main: (env: ExampleEnv) => Promise<unknown>): Promise<void> {
  if (process.argv[1] && url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop() ?? '')) {
    const env = await startExampleSandbox();
    try {
      console.log(JSON.stringify(await main(env), null, 2));
    } finally {
      env.close();
    }
  }
}
