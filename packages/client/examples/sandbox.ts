/**
 * Starts an in-process sandbox for the examples (no network, no files) and hands out what a real
 * deployment would configure: the API host, the app registration and a fetch.
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
  ) => Promise<{ accessToken: string; refreshToken: string; expiresAt: number }>;
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

export async function startExampleSandbox(): Promise<ExampleEnv> {
  const adminToken = 'examples-admin';
  const sandbox = createSandbox({ database: ':memory:', adminToken });
  const baseUrl = 'https://api.sandbox.test';
  const admin = async (business: 'de' | 'pt') => {
    const response = await sandbox.fetch(
      new Request(`${baseUrl}/_sandbox/tokens`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ business }),
      }),
    );
    return (await response.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      client_id: string;
      client_secret: string;
      signing_secret: string;
    };
  };
  const registration = await admin('de');
  return {
    baseUrl,
    fetch: (request) => sandbox.fetch(request),
    clientId: registration.client_id,
    clientSecret: registration.client_secret,
    signingSecret: registration.signing_secret,
    connect: async (business) => {
      const t = await admin(business);
      return {
        accessToken: t.access_token,
        refreshToken: t.refresh_token,
        expiresAt: Date.now() + t.expires_in * 1000,
      };
    },
    approve: async (authorizationUrl, business, decision = 'approve') => {
      const user = DEMO_USERS.find((u) => u.owns.length === 1 && u.owns[0] === business);
      if (!user) throw new Error(`no demo user owns only ${business}`);
      const browser = new Browser((request) => sandbox.fetch(request));
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
    close: () => sandbox.close(),
  };
}

/** Runs `main` against a fresh sandbox when the file is executed directly (`pnpm exec tsx examples/…`). */
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
