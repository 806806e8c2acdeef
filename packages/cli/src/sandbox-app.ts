/**
 * The sandbox's demo app, published on purpose by `@acctkit/sandbox` (its README and `npm start`
 * print it). The CLI keeps a copy rather than depending on the sandbox, which brings SQLite; a test
 * checks the copy against the sandbox's `DEMO_CLIENT`. Never a real registration.
 */
export const SANDBOX_APP: {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
} = {
  baseUrl: 'http://127.0.0.1:4010',
  authUrl: 'http://127.0.0.1:4010',
  clientId: 'acctkit-demo-app',
  clientSecret: 'demo-client-secret-0f3c9a',
  signingSecret: 'demo-signing-secret-7b21e4',
};
