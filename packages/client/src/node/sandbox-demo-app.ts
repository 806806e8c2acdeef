/**
 * The sandbox's demo app registration, published on purpose by `@acctkit/sandbox` (its `DEMO_CLIENT`;
 * its README and `npm start` print it), so that connections made with it need no configuration. It
 * works against a local sandbox and nowhere else: never a real registration. Kept here rather than
 * imported, because the sandbox brings SQLite and a native build that the CLI and the MCP server must
 * not load; a test of this package proves it equals the sandbox's `DEMO_CLIENT`.
 *
 * @example
 * ```ts
 * import { SANDBOX_DEMO_APP } from '@acctkit/client/node';
 * const url = new URL('/oauth2/auth', SANDBOX_DEMO_APP.authUrl);
 * url.searchParams.set('client_id', SANDBOX_DEMO_APP.clientId);
 * ```
 */
export const SANDBOX_DEMO_APP: {
  /** Where `acctkit-sandbox` listens by default. */
  readonly baseUrl: string;
  /** The sandbox's authorization server: the same host. */
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
} = Object.freeze({
  baseUrl: 'http://127.0.0.1:4010',
  authUrl: 'http://127.0.0.1:4010',
  clientId: 'acctkit-demo-app',
  clientSecret: 'demo-client-secret-0f3c9a',
  signingSecret: 'demo-signing-secret-7b21e4',
});
