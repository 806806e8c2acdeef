// The Worker as a reader of the README tries it: the guide's local commands (its block marked
// <!-- deploy-local -->) run in a copy of the package, `wrangler dev --local` bundling
// src/workers/entry.ts under workerd with the Durable Objects on disk, the sandbox as the service. A
// business connected through /connect, and its key, work after wrangler is stopped and started again
// over the same state; workerd's output holds the proxy's log records and no secret.

import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_USERS, type RunningServer, startServer } from '@acctkit/sandbox';
import { FetchBrowser, redirectLocation } from '@acctkit/testing';
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

/** This package's folder: its wrangler, wrangler.toml and guide. */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

const GUIDE = join(PACKAGE_DIR, 'README.md');
// The ports the guide uses (the sandbox's and wrangler's defaults), replaced by free ones here.
const GUIDE_SANDBOX = '127.0.0.1:4010';
const GUIDE_WORKER = '8787';
// A made-up credential sent where a caller might put one; no output line may hold it.
const FAKE = 'fake-secret-token-4c7d1e9a2b6f';

const unavailable = wranglerUnavailable(PACKAGE_DIR);
if (unavailable) console.warn(`wrangler-dev.node.test.ts skipped: ${unavailable}`);

let sandbox: RunningServer;
let dir: string;
let port: number;
let wrangler: WranglerDev | undefined;
let commands: GuideCommand[];
let url: string;
let adminToken: string;
const devVars: Record<string, string> = {};

/** The guide's `npx wrangler dev …` with the port this test picked. */
function wranglerArgs(): string[] {
  const command = commands.find((c) => c.words[0] === 'npx' && c.words[1] === 'wrangler');
  if (!command) throw new Error('the guide runs no `npx wrangler dev`');
  return command.words.slice(2).map((w) => (w === GUIDE_WORKER ? String(port) : w));
}

const admin = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${url}/_proxy/${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  commands = deployLocalCommands(GUIDE);
  if (unavailable) return;
  sandbox = await startServer({ port: 0, database: ':memory:', rateLimitPerMinute: 0 });
  port = await freePort();
  dir = projectCopy(PACKAGE_DIR, 'acctkit-wrangler-proxy-', ['src']);
  for (const command of commands) {
    const [first, second] = command.words;
    // The sandbox is this test's own, on a free port.
    if (command.words.includes('acctkit-sandbox')) continue;
    if (first === 'npx' && second === 'wrangler') continue;
    runShell(
      command.text
        .replaceAll(GUIDE_SANDBOX, new URL(sandbox.url).host)
        .replaceAll(`127.0.0.1:${GUIDE_WORKER}`, `127.0.0.1:${port}`),
      dir,
    );
  }
  for (const line of readFileSync(join(dir, '.dev.vars'), 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) devVars[line.slice(0, eq)] = line.slice(eq + 1);
  }
  adminToken = devVars.ADMIN_TOKEN ?? '';
  wrangler = await startWranglerDev(PACKAGE_DIR, dir, wranglerArgs());
  url = wrangler.url;
}, 180_000);

afterAll(async () => {
  await wrangler?.stop();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the edge proxy under `wrangler dev --local` (README, Cloudflare Workers)', () => {
  it('the guide’s local block starts the sandbox, writes .dev.vars with every setting and secret, and runs wrangler dev with state on disk', () => {
    const words = commands.map((c) => c.words.join(' '));
    expect(words[0]).toMatch(/^npx acctkit-sandbox --port 4010\b/);
    expect(words.at(-1)).toMatch(/^npx wrangler dev --local --ip 127\.0\.0\.1 --port 8787 --persist-to \S+$/);
    const vars = commands.find((c) => c.text.startsWith('cat > .dev.vars'))?.text ?? '';
    const secrets = ['CLIENT_ID', 'CLIENT_SECRET', 'SIGNING_SECRET', 'ENCRYPTION_KEYS', 'ADMIN_TOKEN'];
    for (const name of ['UPSTREAM_URL', 'PUBLIC_URL', ...secrets])
      expect(vars).toMatch(new RegExp(`^${name}=`, 'm'));
    // The deploy part puts exactly the secrets the local part gives.
    const put = [...readFileSync(GUIDE, 'utf8').matchAll(/wrangler secret put (\w+)/g)].map((m) => m[1]);
    expect(new Set(put)).toEqual(new Set(secrets));
    if (unavailable) return;
    expect(adminToken).toMatch(/^[0-9a-f]{48}$/);
    expect(devVars.ENCRYPTION_KEYS).toMatch(/^k1:[A-Za-z0-9+/]{43}=$/);
    expect(wrangler?.output()).toContain('Using secrets defined in .dev.vars');
  });

  it('health, a business connected through /connect, a key; after a restart over the same --persist-to all still work, and no secret reaches the output', async (ctx) => {
    if (unavailable) return ctx.skip(`wrangler cannot run here: ${unavailable}`);
    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    const { version } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(await health.json()).toEqual({ status: 'ok', version });

    // The admin asks for a link; the owner opens it, signs in at the sandbox and approves.
    const link = await admin('POST', 'connect-links', { connection: 'acme' });
    expect(link.status).toBe(201);
    const linkUrl = ((await link.json()) as { url: string }).url;
    expect(linkUrl.startsWith(`${url}/connect?ticket=`)).toBe(true);
    const start = await fetch(linkUrl, { redirect: 'manual' });
    const authUrl = redirectLocation(start, linkUrl);
    expect(authUrl.startsWith(`${sandbox.url}/oauth2/auth?`)).toBe(true);
    const browser = new FetchBrowser((request) => fetch(request));
    const user = DEMO_USERS.find((u) => u.email === 'anna@demo.acctkit.test');
    if (!user) throw new Error('no demo user anna');
    const signedIn = await browser.submit(authUrl, await (await browser.open(authUrl)).text(), {
      email: user.email,
      password: user.password,
    });
    const consentUrl = redirectLocation(signedIn, authUrl);
    const approved = await browser.submit(consentUrl, await (await browser.open(consentUrl)).text(), {
      decision: 'approve',
    });
    const callback = redirectLocation(approved, consentUrl);
    expect(callback.startsWith(`${url}/callback?`)).toBe(true);
    const code = new URL(callback).searchParams.get('code') ?? '';
    const done = await fetch(callback);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('as &quot;acme&quot;');

    const made = await admin('POST', 'keys', { connection: 'acme', scope: 'read' });
    expect(made.status).toBe(201);
    const { key } = (await made.json()) as { key: string };
    const business = async (): Promise<Response> =>
      fetch(`${url}/core/v2/business?note=${FAKE}`, {
        headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': 'wrangler-dev-business' },
      });
    const before = await business();
    expect(before.status).toBe(200);
    expect(((await before.json()) as { country: { code: string } }).country.code).toBe('DE');
    expect(
      (await fetch(`${url}/core/v2/business`, { headers: { Authorization: `Bearer ${FAKE}` } })).status,
    ).toBe(401);

    const stopping = Date.now();
    await wrangler?.stop();
    const starting = Date.now();
    const first = wrangler?.output() ?? '';
    wrangler = await startWranglerDev(PACKAGE_DIR, dir, wranglerArgs());
    console.info(
      `wrangler dev stopped in ${starting - stopping} ms, ready again in ${Date.now() - starting} ms`,
    );
    expect(wrangler.url).toBe(url);

    const listed = (await (await admin('GET', 'connections')).json()) as { connections: { id: string }[] };
    expect(listed.connections.map((c) => c.id)).toEqual(['acme']);
    const after = await business();
    expect(after.status).toBe(200);
    expect(((await after.json()) as { country: { code: string } }).country.code).toBe('DE');

    // workerd printed the proxy's records (console.log objects) and none of the secrets.
    const output = `${first}\n${wrangler.output()}`;
    expect(output).toContain("request_id: 'wrangler-dev-business'");
    expect(output).toContain("route: '/core/v2/business'");
    expect(output).toContain("route: '/callback'");
    for (const secret of [
      FAKE,
      key,
      adminToken,
      code,
      devVars.CLIENT_SECRET,
      devVars.SIGNING_SECRET,
      devVars.ENCRYPTION_KEYS,
    ])
      expect(output).not.toContain(secret);
  }, 180_000);
});
