// The Worker as a reader of docs/remote.md tries it: the guide's local commands (its block marked
// <!-- deploy-local -->) run in a copy of the package, `wrangler dev --local` serving the built entry
// module under workerd with the Durable Objects on disk, the sandbox as the service. A grant and a
// journal entry made before wrangler is stopped are there after it starts again over the same state.

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '@acctkit/sandbox';
import {
  deployLocalCommands,
  freePort,
  type GuideCommand,
  projectCopy,
  runShell,
  startWranglerDev,
  type WranglerDev,
  wranglerUnavailable,
} from '@acctkit/testing/wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeWithoutBrowser,
  exchange,
  refresh,
  remoteClient,
  startSandbox,
  type Target,
} from './remote-helpers.js';

/** This package's folder: its wrangler, wrangler.toml and guide. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const GUIDE = join(PACKAGE_DIR, 'docs/remote.md');
// The ports the guide uses (the sandbox's and wrangler's defaults), replaced by free ones here.
const GUIDE_SANDBOX = '127.0.0.1:4010';
const GUIDE_WORKER = '8787';

const unavailable = wranglerUnavailable(PACKAGE_DIR);
if (unavailable) console.warn(`wrangler-dev.node.test.ts skipped: ${unavailable}`);

let sandbox: RunningServer;
let dir: string;
let port: number;
let wrangler: WranglerDev | undefined;
let commands: GuideCommand[];
let remote: Target;

/** The guide's `npx wrangler dev …` with the port this test picked. */
function wranglerArgs(): string[] {
  const command = commands.find((c) => c.words[0] === 'npx' && c.words[1] === 'wrangler');
  if (!command) throw new Error('the guide runs no `npx wrangler dev`');
  return command.words.slice(2).map((w) => (w === GUIDE_WORKER ? String(port) : w));
}

beforeAll(async () => {
  commands = deployLocalCommands(GUIDE);
  if (unavailable) return;
  sandbox = await startSandbox();
  port = await freePort();
  dir = projectCopy(PACKAGE_DIR, 'acctkit-wrangler-mcp-', ['dist']);
  for (const command of commands) {
    const [first, second] = command.words;
    // `pnpm build` made dist/ before the tests; the sandbox is this test's own (with its admin API).
    if (first === 'pnpm' && second === 'build') continue;
    if (command.words.includes('acctkit-sandbox')) continue;
    if (first === 'npx' && second === 'wrangler') continue;
    runShell(
      command.text
        .replaceAll(GUIDE_SANDBOX, new URL(sandbox.url).host)
        .replaceAll(`127.0.0.1:${GUIDE_WORKER}`, `127.0.0.1:${port}`),
      dir,
    );
  }
  wrangler = await startWranglerDev(PACKAGE_DIR, dir, wranglerArgs());
  remote = { url: wrangler.url, mcpUrl: `${wrangler.url}/mcp` };
}, 180_000);

afterAll(async () => {
  await wrangler?.stop();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the remote MCP server under `wrangler dev --local` (docs/remote.md, Deploying on Cloudflare Workers)', () => {
  it('the guide’s local block builds, starts the sandbox, writes .dev.vars with every secret and runs wrangler dev with state on disk', () => {
    const words = commands.map((c) => c.words.join(' '));
    expect(words[0]).toBe('pnpm build');
    expect(words).toContainEqual(expect.stringMatching(/^npx acctkit-sandbox --port 4010\b/));
    expect(words.at(-1)).toMatch(/^npx wrangler dev --local --ip 127\.0\.0\.1 --port 8787 --persist-to \S+$/);
    const vars = commands.find((c) => c.text.startsWith('cat > .dev.vars'))?.text ?? '';
    for (const name of [
      'ACCTKIT_MCP_PUBLIC_URL',
      'ACCTKIT_BASE_URL',
      'ACCTKIT_CLIENT_ID',
      'ACCTKIT_CLIENT_SECRET',
      'ACCTKIT_SIGNING_SECRET',
      'ACCTKIT_MCP_ENCRYPTION_KEYS',
    ])
      expect(vars).toMatch(new RegExp(`^${name}=`, 'm'));
    // Every secret the deploy part puts is one the local part gives (and the other way round).
    const guide = readFileSync(GUIDE, 'utf8');
    const put = [...guide.matchAll(/wrangler secret put (\w+)/g)].map((m) => m[1]);
    expect(new Set(put)).toEqual(
      new Set([
        'ACCTKIT_CLIENT_ID',
        'ACCTKIT_CLIENT_SECRET',
        'ACCTKIT_SIGNING_SECRET',
        'ACCTKIT_MCP_ENCRYPTION_KEYS',
      ]),
    );
    if (unavailable) return;
    expect(existsSync(join(dir, '.dev.vars'))).toBe(true);
    expect(wrangler?.output()).toContain('Using secrets defined in .dev.vars');
  });

  it('signs in, calls tools, and after a restart over the same --persist-to the grant and the journal are still there', async (ctx) => {
    if (unavailable) return ctx.skip(`wrangler cannot run here: ${unavailable}`);
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const tokens = await exchange(remote, a);
    expect(tokens.status).toBe(200);
    const access = String(tokens.body.access_token);

    const client = await remoteClient(remote, access);
    const businesses = await client.callTool({ name: 'list_businesses', arguments: {} });
    expect(businesses.structuredContent).toMatchObject({
      items: [{ name: 'de', variant: 'de' }],
      totalCount: 1,
    });
    const created = await client.callTool({
      name: 'create_contact',
      arguments: { name: 'Wrangler Dev GmbH', contact_type_id: 2, idempotency_key: 'wrangler-dev-1' },
    });
    expect(created.isError).toBeFalsy();
    const id = (created.structuredContent as { record: { id: number } }).record.id;
    const before = await client.callTool({ name: 'list_changes', arguments: {} });
    expect(before.structuredContent).toMatchObject({
      items: [{ tool: 'create_contact', kind: 'contacts', recordId: id, operation: 'create' }],
    });
    await client.close();

    const stopping = Date.now();
    await wrangler?.stop();
    const starting = Date.now();
    wrangler = await startWranglerDev(PACKAGE_DIR, dir, wranglerArgs());
    console.info(
      `wrangler dev stopped in ${starting - stopping} ms, ready again in ${Date.now() - starting} ms`,
    );
    expect(wrangler.url).toBe(remote.url);

    // The access token (900 s) is still known: its hash is in the Durable Objects on disk.
    const again = await remoteClient(remote, access);
    const after = await again.callTool({ name: 'list_changes', arguments: {} });
    expect(after.structuredContent).toMatchObject({
      items: [{ tool: 'create_contact', recordId: id, oauthClientId: a.clientId }],
    });
    await again.close();
    // And the refresh token rotates: the grant, its sealed upstream tokens and the client survived.
    const rotated = await refresh(remote, a.clientId, tokens.body.refresh_token);
    expect(rotated.status).toBe(200);
    const fresh = await remoteClient(remote, String(rotated.body.access_token));
    const listed = await fresh.callTool({ name: 'list_businesses', arguments: {} });
    expect(listed.isError).toBeFalsy();
    await fresh.close();
  }, 180_000);
});
