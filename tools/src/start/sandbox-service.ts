import { relative } from 'node:path';
import { DEMO_CLIENT, DEMO_USERS, type Sandbox, startServer } from '@acctkit/sandbox';
import { sign } from '@acctkit/signer';
import { repoRoot } from '../paths.ts';
import type { RunningService } from './service.ts';
import type { StartOptions } from './start-options.ts';
import { type DemoToken, statementExportLines } from './statement-export.ts';

/** Mints an access token for the demo `de` business through the admin API, as any user of it would. */
async function mintToken(url: string, adminToken: string): Promise<DemoToken> {
  const response = await fetch(`${url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business: 'de' }),
  });
  if (response.status !== 201)
    throw new Error(`the sandbox did not mint a demo token (HTTP ${response.status} from /_sandbox/tokens)`);
  return (await response.json()) as DemoToken;
}

/** A shell-quoted argument: single quotes, with any single quote closed, escaped and reopened. */
function quote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}

/**
 * Starts the sandbox with its admin API on and returns what a newcomer pastes: the base URL, the
 * API reference, demo logins and client credentials, and a signed `curl` call (good for one use,
 * its nonce is single-use), and the in-process sandbox that every other service is handed.
 */
export async function startSandboxService(
  options: StartOptions,
): Promise<RunningService & { readonly sandbox: Sandbox }> {
  const server = await startServer({
    port: options.ports.sandbox,
    host: options.host,
    database: options.database,
    adminToken: options.adminToken,
    rateLimitPerMinute: options.rateLimitPerMinute,
  });
  const { url } = server;
  try {
    // Demo data, printed on purpose like the demo credentials: the sandbox serves no real business.
    const token = await mintToken(url, options.adminToken);
    const exampleUrl = `${url}/accounts/v2/contacts?$itemsPerPage=2`;
    const signed = await sign(
      { method: 'GET', url: exampleUrl },
      { signingSecret: token.signing_secret, accessToken: token.access_token },
    );
    // The sandbox's own callback page shows the code and the exact token request to make.
    const redirectUri = `${url}/oauth2/callback`;
    const authorize = `${url}/oauth2/auth?response_type=code&client_id=${DEMO_CLIENT.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=full_access&state=xyz`;
    const database =
      options.database === ':memory:'
        ? 'in memory (fresh demo data every start)'
        : relative(repoRoot, options.database);
    const lines = [
      `base URL:      ${url}`,
      `API reference: ${url}/docs`,
      `guide:         ${url}/docs/guide  (OAuth, request signing, /test)`,
      `database:      ${database}`,
      `authorize:     ${authorize}`,
      `token:         POST ${url}/oauth2/token`,
      `admin API:     ${url}/_sandbox/  (Authorization: Bearer <admin token>)`,
      // Printed on purpose when generated: it guards a local test server and is useless unseen.
      `admin token:   ${options.adminTokenGenerated ? options.adminToken : '(the one you passed with --admin-token)'}`,
      '',
      'Demo logins (authorization page):',
      ...DEMO_USERS.map((u) => `  ${u.email.padEnd(26)} ${u.password.padEnd(14)} owns ${u.owns.join(' + ')}`),
      '',
      'Demo client application:',
      `  client_id       ${DEMO_CLIENT.clientId}`,
      `  client_secret   ${DEMO_CLIENT.clientSecret}`,
      `  signing_secret  ${DEMO_CLIENT.signingSecret}`,
      `  redirect_uris   ${redirectUri} (shows the code and the token request),`,
      '                  http://127.0.0.1:<any port>/callback, http://[::1]:<any port>/callback, http://localhost:<any port>/callback',
      '',
      'A signed call (de business; its nonce is single-use, so it works once):',
      `  curl -s ${quote(exampleUrl)} \\`,
      `    -H ${quote(`Authorization: ${signed.headers.Authorization}`)} \\`,
      `    -H ${quote(`X-Signature: ${signed.headers['X-Signature']}`)} \\`,
      `    -H ${quote(`X-Nonce: ${signed.headers['X-Nonce']}`)}`,
      'More calls: mint a token with',
      `  curl -s -X POST ${url}/_sandbox/tokens -H 'Authorization: Bearer <admin token>' -d '{"business":"pt"}'`,
      'and sign each request (README: "Using the spec from another language"), or use @acctkit/client.',
      '',
      ...(await statementExportLines(url, token, options.adminToken)),
      '',
      'The acctkit CLI against this sandbox (the alias is under "commands" below):',
      `  acctkit login --sandbox --base-url ${url}`,
    ];
    return { name: 'sandbox', url, sandbox: server.sandbox, lines, close: () => server.close() };
  } catch (error) {
    await server.close();
    throw error;
  }
}
