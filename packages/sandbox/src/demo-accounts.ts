/** The demo client apps, users and businesses: printed by the CLI and documented in the README. */

/** The demo client application, printed by the CLI and documented in the README. */
export const DEMO_CLIENT = {
  clientId: 'acctkit-demo-app',
  clientSecret: 'demo-client-secret-0f3c9a',
  signingSecret: 'demo-signing-secret-7b21e4',
  name: 'acctkit Demo App',
  /**
   * Loopback URIs match on any port (RFC 8252 §7.3): `http://127.0.0.1:<port>/callback` reaches a
   * native app or the CLI listening there, and `/oauth2/callback` is the sandbox's own callback page.
   */
  redirectUris: [
    'http://localhost:3000/callback',
    'http://127.0.0.1:3000/callback',
    'http://localhost:8080/callback',
    'http://127.0.0.1/callback',
    'http://[::1]/callback',
    'http://localhost/callback',
    'http://127.0.0.1/oauth2/callback',
    'http://[::1]/oauth2/callback',
    'http://localhost/oauth2/callback',
  ],
} as const;

/** The authorize URL that starts the demo client's login on the sandbox at `origin`, back to its callback page. */
export function demoAuthorizeUrl(origin: string): string {
  const redirect = encodeURIComponent(`${origin}/oauth2/callback`);
  return `${origin}/oauth2/auth?response_type=code&client_id=${DEMO_CLIENT.clientId}&redirect_uri=${redirect}&scope=full_access&state=xyz`;
}

/** A second demo client that may only use the authorization code grant (for `unauthorized_client`). */
export const DEMO_CODE_ONLY_CLIENT = {
  clientId: 'acctkit-code-only-app',
  clientSecret: 'code-only-client-secret-55d1',
  signingSecret: 'code-only-signing-secret-a90c',
  name: 'acctkit Code-only App',
  redirectUris: ['http://localhost:3000/callback'],
} as const;

/** Demo users: one per business and one who owns both. */
export const DEMO_USERS = [
  {
    email: 'anna@demo.acctkit.test',
    password: 'sandbox-de',
    firstName: 'Anna',
    lastName: 'Schneider',
    owns: ['de'],
  },
  {
    email: 'joao@demo.acctkit.test',
    password: 'sandbox-pt',
    firstName: 'João',
    lastName: 'Ferreira',
    owns: ['pt'],
  },
  {
    email: 'both@demo.acctkit.test',
    password: 'sandbox-both',
    firstName: 'Maria',
    lastName: 'Weber Costa',
    owns: ['de', 'pt'],
  },
] as const;

/** Ids of the demo businesses. */
export const DEMO_BUSINESS_IDS = { de: 1, pt: 2 } as const;
