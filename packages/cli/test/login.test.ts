/**
 * `acctkit login --sandbox --no-browser` as a subprocess: the printed authorization URL is opened in
 * Debian Chromium (playwright-core, no browser download), the demo user signs in, chooses a business
 * and approves; the bin's loopback listener on 127.0.0.1 gets the redirect, checks state, exchanges
 * the code and stores the connection, which then signs a request. A forged callback with another
 * state is refused and stores nothing.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { openConnectionStore } from '@acctkit/client/node';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import {
  approveSandboxConsent,
  type LaunchedChromium,
  launchChromium,
  signInToSandbox,
} from '@acctkit/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acctkit, BIN, type Run, startWorld, type World } from './helpers.js';

let world: World;
let chromium: LaunchedChromium;
beforeAll(async () => {
  world = await startWorld();
  chromium = await launchChromium();
}, 60_000);
afterAll(async () => {
  await chromium?.close();
  await world?.close();
});

/** Starts `acctkit login …` and resolves the authorization URL it prints, and its outcome. */
function startLogin(args: string[]): {
  url: Promise<URL>;
  done: Promise<Run>;
  child: ChildProcessWithoutNullStreams;
} {
  const child = spawn(process.execPath, [BIN, 'login', ...args], { env: world.env() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  const url = new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const found = /^\s+(http:\/\/\S+\/oauth2\/auth\?\S+)$/m.exec(stderr);
      if (found) resolve(new URL(found[1] as string));
    });
    child.once('close', () => reject(new Error(`login ended before printing a URL: ${stderr}`)));
  });
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  child.stdin.end();
  return { url, done, child };
}

describe('acctkit login', () => {
  it('--sandbox --no-browser: approve in Chromium, then the stored connection signs a request', async () => {
    const login = startLogin([
      '--sandbox',
      '--no-browser',
      '--base-url',
      world.server.url,
      '--scope',
      'full_access',
    ]);
    const url = await login.url;
    expect(`${url.origin}${url.pathname}`).toBe(`${world.server.url}/oauth2/auth`);
    const redirect = new URL(url.searchParams.get('redirect_uri') as string);
    expect(redirect.hostname).toBe('127.0.0.1');
    expect(redirect.pathname).toBe('/callback');
    expect(Number(redirect.port)).toBeGreaterThan(0);
    expect(url.searchParams.get('client_id')).toBe(DEMO_CLIENT.clientId);
    expect(url.searchParams.get('scope')).toBe('full_access');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{43}$/);

    const context = await chromium.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(url.toString());
    await approveSandboxConsent(page, {
      email: 'both@demo.acctkit.test',
      password: 'sandbox-both',
      business: /Ferreira & Costa Design/,
      redirectUri: redirect.href,
    });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Connected');
    await context.close();

    const result = await login.done;
    expect(result.stderr).not.toMatch(/acctkit: /);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Connected 'sandbox-pt-2': Ferreira & Costa Design, Lda\. \(business 2, pt, full_access\)\.$/m,
    );

    const stored = await openConnectionStore({ file: world.connectionsFile }).get('sandbox-pt-2');
    expect(stored).toMatchObject({
      baseUrl: world.server.url,
      authUrl: world.server.url,
      clientId: DEMO_CLIENT.clientId,
      country: 'pt',
      variant: 'pt',
      businessId: 2,
      scope: 'full_access',
    });
    expect((await stat(world.connectionsFile)).mode & 0o777).toBe(0o600);
    const file = await readFile(world.connectionsFile, 'utf8');
    expect(file).not.toContain(DEMO_CLIENT.clientSecret);
    expect(file).not.toContain(DEMO_CLIENT.signingSecret);

    const me = await acctkit(
      ['request', 'GET', '/core/v2/business', '--connection', 'sandbox-pt-2'],
      world.env(),
    );
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout).name).toContain('Ferreira & Costa Design');
  }, 60_000);

  it('a callback with another state is refused and nothing is stored', async () => {
    const login = startLogin([
      '--sandbox',
      '--no-browser',
      '--base-url',
      world.server.url,
      '--name',
      'forged',
    ]);
    const url = await login.url;
    const redirect = url.searchParams.get('redirect_uri') as string;
    const forged = await fetch(`${redirect}?code=${'0'.repeat(40)}&country=de&state=not-the-one-sent`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toMatch(/Not connected/);
    const result = await login.done;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/another state than the one sent/);
    expect(await openConnectionStore({ file: world.connectionsFile }).get('forged')).toBeUndefined();
  });

  it('a denial in the browser ends the login with exit code 3', async () => {
    const login = startLogin([
      '--sandbox',
      '--no-browser',
      '--base-url',
      world.server.url,
      '--name',
      'denied',
    ]);
    const url = await login.url;
    const context = await chromium.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(url.toString());
    await approveSandboxConsent(page, {
      email: 'anna@demo.acctkit.test',
      password: 'sandbox-de',
      decision: 'deny',
    });
    await context.close();
    const result = await login.done;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/denied/);
  }, 60_000);

  it('without --no-browser the authorization page is opened in the browser (run() in-process with its opener)', async () => {
    const { run } = await import('../src/index.js');
    const chunks: string[] = [];
    const out = { write: (t: string) => chunks.push(t) };
    let opened = '';
    const code = await run(
      ['login', '--sandbox', '--base-url', world.server.url, '--name', 'opened', '--scope', 'readonly'],
      {
        stdout: out,
        stderr: out,
        env: world.env(),
        openUrl: async (url) => {
          opened = url;
          const context = await chromium.newContext({ locale: 'en-GB' });
          const page = await context.newPage();
          await page.goto(url);
          const demoUser = { email: 'anna@demo.acctkit.test', password: 'sandbox-de' };
          await signInToSandbox(page, demoUser);
          // Approving is left to run on its own: login is waiting for the redirect meanwhile.
          void approveSandboxConsent(page, demoUser).finally(() => context.close());
        },
      },
    );
    expect(chunks.join('')).toContain(
      "Connected 'opened': Schneider Werbetechnik GmbH (business 1, de, readonly).",
    );
    expect(code).toBe(0);
    expect(new URL(opened).searchParams.get('scope')).toBe('readonly');
    expect((await openConnectionStore({ file: world.connectionsFile }).get('opened'))?.scope).toBe(
      'readonly',
    );
  }, 60_000);

  it('takes each setting from the flag, else ACCTKIT_*, else the config profile', async () => {
    await mkdir(`${world.configHome}/acctkit`, { recursive: true });
    await writeFile(
      `${world.configHome}/acctkit/config.json`,
      JSON.stringify({
        profiles: {
          production: {
            baseUrl: world.server.url,
            authUrl: 'http://127.0.0.1:9/from-config',
            clientId: 'client-from-config',
            clientSecret: 'secret-from-config',
            signingSecret: 'signing-from-config',
          },
        },
      }),
      { mode: 0o600 },
    );
    const child = spawn(
      process.execPath,
      [BIN, 'login', '--no-browser', '--auth-url', `${world.server.url}/from-flag`],
      {
        env: world.env({ ACCTKIT_CLIENT_ID: 'client-from-env' }),
      },
    );
    let stderr = '';
    const url = await new Promise<URL>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        const found = /^\s+(http:\/\/\S+\/oauth2\/auth\?\S+)$/m.exec(stderr);
        if (found) resolve(new URL(found[1] as string));
      });
      child.once('close', () => reject(new Error(stderr)));
    });
    child.kill();
    await writeFile(`${world.configHome}/acctkit/config.json`, '{}');
    expect(`${url.origin}${url.pathname}`).toBe(`${world.server.url}/from-flag/oauth2/auth`);
    expect(url.searchParams.get('client_id')).toBe('client-from-env');
    expect(stderr).not.toContain('secret-from-config');
  });

  it('a damaged config file stops with exit code 3 and names the file', async () => {
    const file = `${world.configHome}/acctkit/config.json`;
    await mkdir(`${world.configHome}/acctkit`, { recursive: true });
    await writeFile(file, '{"profiles": {"production": {"clientSecret": "half-written-secret"', {
      mode: 0o600,
    });
    const r = await acctkit(['login', '--no-browser'], world.env());
    await writeFile(file, '{}');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`The config file ${file} is not valid JSON.`);
    expect(r.stderr).not.toContain('half-written-secret');
  });

  it('without --sandbox, missing settings are named with their flag and variable', async () => {
    const r = await acctkit(['login', '--no-browser'], world.env({ ACCTKIT_BASE_URL: world.server.url }));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/--auth-url \(or ACCTKIT_AUTH_URL\), --client-id \(or ACCTKIT_CLIENT_ID\)/);
    expect(r.stderr).not.toMatch(/--base-url/);
  });
});
