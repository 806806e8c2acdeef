/**
 * The sandbox's demo app, published on purpose by `@acctkit/sandbox` (`DEMO_CLIENT`; its README and
 * `npm start` print it), so that connections made with it need no configuration. A copy, as the CLI
 * keeps one: importing the sandbox for three strings would load SQLite and its server at every start
 * (about 120 ms). The store-mode end-to-end test refreshes and signs with these values against a real
 * sandbox, so a drifted copy fails it. Never a real registration.
 */
export const SANDBOX_DEMO_APP: {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly signingSecret: string;
} = {
  clientId: 'acctkit-demo-app',
  clientSecret: 'demo-client-secret-0f3c9a',
  signingSecret: 'demo-signing-secret-7b21e4',
};
