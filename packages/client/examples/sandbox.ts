/**
 * Starts an in-process sandbox for the examples (no network, no files) and hands out what a real
 * deployment would configure: the API host, the app registration and a fetch.
 */
import { createSandbox, DEMO_BUSINESS_IDS } from '@acctkit/sandbox';

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
  /** Plays the user's browser on the consent page: returns the callback URL the service redirects to. */
  readonly approve: (authorizationUrl: string, business: 'de' | 'pt') => string;
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
    approve: (authorizationUrl, business) => {
      // The sandbox's HTML consent page is not built yet, so the example issues the code the page
      // would issue after the user signs in and approves.
      const url = new URL(authorizationUrl);
      const code = crypto.randomUUID();
      const businessId = DEMO_BUSINESS_IDS[business];
      sandbox.state.directory.createCode(code, {
        clientId: url.searchParams.get('client_id') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        userId: sandbox.state.directory.ownerOf(businessId) ?? 0,
        businessId,
        scope: url.searchParams.get('scope') === 'readonly' ? 'readonly' : 'full_access',
        expiresAt: sandbox.state.clock.now() + 60_000,
      });
      const callback = new URL(url.searchParams.get('redirect_uri') ?? '');
      callback.search = new URLSearchParams({
        code,
        country: business,
        state: url.searchParams.get('state') ?? '',
      }).toString();
      return callback.toString();
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
