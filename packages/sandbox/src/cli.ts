#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { sign } from '@acctkit/signer';
import { DEFAULT_DATABASE, sandboxState } from './create-sandbox.js';
import { DEMO_BUSINESS_IDS, DEMO_CLIENT, DEMO_USERS, demoAuthorizeUrl } from './demo-accounts.js';
import { startServer } from './start-server.js';

const HELP = `acctkit-sandbox: a local, stateful accounting service API (variants de and pt)

Usage: acctkit-sandbox [--port 4010] [--host 127.0.0.1] [--data FILE | --memory] [--admin-token T] [--rate-limit N]

  --port         port to listen on (default 4010; 0 picks a free port)
  --host         interface to bind (default 127.0.0.1)
  --data         SQLite file (default ${DEFAULT_DATABASE}); data survives restarts
  --memory       keep everything in memory (fresh demo data every start)
  --admin-token  enable the admin API under /_sandbox/ with this bearer token, printed at start;
                 \`random\` generates one (32 random bytes, hex)
  --rate-limit   data requests per minute per business (default 200, 0 = off)
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      'admin-token': { type: 'string' },
      'rate-limit': { type: 'string', default: '200' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  if (values.memory && values.data) throw new Error('Use either --data FILE or --memory, not both.');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('--port must be an integer from 0 to 65535.');
  const rate = Number(values['rate-limit']);
  if (!Number.isInteger(rate) || rate < 0) throw new Error('--rate-limit must be a non-negative integer.');
  const database = values.memory ? ':memory:' : (values.data ?? DEFAULT_DATABASE);
  const server = await startServer({
    port,
    host: values.host,
    database,
    adminToken: values['admin-token'],
    rateLimitPerMinute: rate,
  });
  const { sandbox, url, adminToken } = server;

  // A token for the ready-to-run example; it is demo data, printed on purpose like the demo credentials.
  const state = sandboxState(sandbox);
  const tokens = state.directory.issueTokens(
    {
      clientId: DEMO_CLIENT.clientId,
      userId: 1,
      businessId: DEMO_BUSINESS_IDS.de,
      scope: 'full_access',
      codeHash: null,
    },
    state.clock.now(),
    state.accessTokenTtlSeconds,
  );
  const exampleUrl = `${url}/accounts/v2/contacts?$itemsPerPage=2`;
  const s = await sign(
    { method: 'GET', url: exampleUrl },
    { signingSecret: DEMO_CLIENT.signingSecret, accessToken: tokens.accessToken },
  );
  const authorize = demoAuthorizeUrl(url);
  const lines = [
    `acctkit sandbox listening on ${url}`,
    `  database:      ${database}`,
    `  API reference: ${url}/docs`,
    `  guide:         ${url}/docs/guide (OAuth, request signing, /test)`,
    `  authorize:     ${authorize}`,
    `  token:         POST ${url}/oauth2/token`,
    // The admin token is printed on purpose: it guards a local test server, and `random` is useless unseen.
    `  admin API:     ${adminToken ? `${url}/_sandbox/` : 'off (start with --admin-token T, or --admin-token random)'}`,
    ...(adminToken ? [`  admin token:   ${adminToken}`] : []),
    '',
    'Demo logins (authorization page):',
    ...DEMO_USERS.map((u) => `  ${u.email.padEnd(26)} ${u.password.padEnd(14)} owns ${u.owns.join(' + ')}`),
    '',
    'Demo client application:',
    `  client_id       ${DEMO_CLIENT.clientId}`,
    `  client_secret   ${DEMO_CLIENT.clientSecret}`,
    `  signing_secret  ${DEMO_CLIENT.signingSecret}`,
    `  redirect_uris   ${url}/oauth2/callback (shows the code and the token request),`,
    '                  http://127.0.0.1:<any port>/callback, http://[::1]:<any port>/callback, http://localhost:<any port>/callback',
    '',
    'A signed example call (de business; the nonce is single-use, so it works once):',
    `  curl -s '${exampleUrl}' \\`,
    `    -H 'Authorization: ${s.headers.Authorization}' \\`,
    `    -H 'X-Signature: ${s.signature}' \\`,
    `    -H 'X-Nonce: ${s.nonce}'`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`acctkit-sandbox: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
