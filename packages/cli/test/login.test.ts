/**
 * `acctkit login --sandbox --no-browser` as a subprocess: the printed authorization URL is opened in
 * Debian Chromium (playwright-core, no browser download), the demo user signs in, chooses a business
 * and approves; on this device the bin's loopback listener on 127.0.0.1 gets the redirect, checks
 * state, exchanges the code and stores the connection, which then signs a request. A forged callback
 * with another state is refused and stores nothing. On another device (a Chromium whose 127.0.0.1
 * is not ours) the page after approval does not load, and its address, or only the code, pasted into
 * the bin's stdin finishes the login; wrong pastes are explained and another is read. Without a
 * display or with a failing opener, `login` stops at once and suggests --no-browser.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { openConnectionStore } from '@acctkit/client/node';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import {
  approveSandboxConsent,
  type LaunchedChromium,
  launchChromium,
  signInToSandbox,
} from '@acctkit/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, acctkit, BIN, type Run, startWorld, type World } from './helpers.js';
import { otherDeviceProxy } from './other-device-proxy.js';

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

/** How many wrong pastes a login takes before it ends (L16). */
const MAX_WRONG_PASTES = 5;

/**
 * Starts `acctkit login …` and resolves the authorization URL it prints, and its outcome. Its stdin
 * is closed at once unless `paste` is set; `stderrMatches` waits for a pattern on stderr.
 */
function startLogin(
  args: string[],
  options: { paste?: boolean } = {},
): {
  url: Promise<URL>;
  done: Promise<Run>;
  child: ChildProcessWithoutNullStreams;
  stderrMatches(pattern: RegExp): Promise<void>;
} {
  const child = spawn(process.execPath, [BIN, 'login', ...args], { env: world.env() });
  let stdout = '';
  let stderr = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    for (const w of waiting.filter((w) => w.pattern.test(stderr))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const url = new Promise<URL>((resolve, reject) => {
    child.stderr.on('data', () => {
      const found = /^\s+(http:\/\/\S+\/oauth2\/auth\?\S+)$/m.exec(stderr);
      if (found) resolve(new URL(found[1] as string));
    });
    child.once('close', () => reject(new Error(`login ended before printing a URL: ${stderr}`)));
  });
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  if (!options.paste) child.stdin.end();
  const stderrMatches = (pattern: RegExp): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(stderr)) resolve();
      else waiting.push({ pattern, resolve });
      child.once('close', () => reject(new Error(`login ended before printing ${pattern}: ${stderr}`)));
    });
  return { url, done, child, stderrMatches };
}

/** Issues a real authorization code at the sandbox for `redirectUri`, as the consent page would. */
async function sandboxCode(business: 'de' | 'pt', redirectUri: string): Promise<string> {
  const response = await fetch(`${world.server.url}/_sandbox/codes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business, scope: 'readonly', redirect_uri: redirectUri }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { code: string }).code;
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

  it('--no-browser on another device: approve there, paste the address the browser ended on (after one from another login)', async () => {
    const login = startLogin(
      ['--sandbox', '--no-browser', '--base-url', world.server.url, '--name', 'pasted'],
      { paste: true },
    );
    const url = await login.url;
    const redirect = new URL(url.searchParams.get('redirect_uri') as string);
    const device = await otherDeviceProxy([Number(redirect.port)]);
    const context = await chromium.newContext({ locale: 'en-GB', ...device.contextOptions });
    let ended: URL;
    try {
      const page = await context.newPage();
      await page.goto(url.toString());
      ended = await approveSandboxConsent(page, {
        email: 'anna@demo.acctkit.test',
        password: 'sandbox-de',
        redirectUri: redirect.href,
      });
      // The page did not load on that device: the loopback listener never got the answer.
      await expect(page.locator('body').textContent()).resolves.toContain('cannot reach');
      expect(ended.searchParams.get('state')).toBe(url.searchParams.get('state'));

      const fromAnotherLogin = new URL(ended);
      fromAnotherLogin.searchParams.set('state', 'A'.repeat(43));
      login.child.stdin.write(`${fromAnotherLogin.href}\n`);
      await login.stderrMatches(
        /That address is from another login: its state is not the one this login sent\./,
      );
      login.child.stdin.write(`  ${ended.href}  \n`);
    } finally {
      await context.close();
      await device.close();
    }
    const result = await login.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Connected 'pasted': Schneider Werbetechnik GmbH \(business 1, de, full_access\)\.$/m,
    );
    expect(result.stderr).toMatch(/paste it here, then press Enter/);
    expect(result.stderr).not.toMatch(/acctkit: /);
    expect(result.stderr).not.toContain(ended.searchParams.get('code'));
    const stored = await openConnectionStore({ file: world.connectionsFile }).get('pasted');
    expect(stored).toMatchObject({ country: 'de', variant: 'de', businessId: 1, scope: 'full_access' });
  }, 60_000);

  it('--no-browser: only the code may be pasted (the business tells its country); wrong pastes are explained and another is read', async () => {
    const login = startLogin(
      ['--sandbox', '--no-browser', '--base-url', world.server.url, '--name', 'code-only'],
      { paste: true },
    );
    const url = await login.url;
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    login.child.stdin.write('the page said connection refused\n');
    await login.stderrMatches(/That is neither an address nor a code/);
    login.child.stdin.write(`${url.href}\n`);
    await login.stderrMatches(/That is the address of the authorization page itself/);
    login.child.stdin.write(`${redirectUri}?code=${'0'.repeat(40)}&country=pt\n`);
    await login.stderrMatches(/That address has no state=/);
    login.child.stdin.write(`${redirectUri}?state=${url.searchParams.get('state')}\n`);
    await login.stderrMatches(/That address has no code=… and country=…/);
    const code = await sandboxCode('pt', redirectUri);
    login.child.stdin.write(`${code}\n`);
    const result = await login.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Connected 'code-only': Ferreira & Costa Design, Lda\. \(business 2, pt, readonly\)\.$/m,
    );
    expect(
      result.stderr.match(/Paste the address \(or the code\) again \(\d more tr(?:y|ies)\):/g),
    ).toHaveLength(4);
    expect(result.stderr).not.toContain(code);
    expect(result.stderr).not.toContain('connection refused');
    const stored = await openConnectionStore({ file: world.connectionsFile }).get('code-only');
    expect(stored).toMatchObject({ country: 'pt', variant: 'pt', businessId: 2, scope: 'readonly' });
    expect(stored?.tokens.country).toBe('pt');
  });

  it('--no-browser: a word is not taken for a code, and a code the service refuses is asked for again', async () => {
    const login = startLogin(
      ['--sandbox', '--no-browser', '--base-url', world.server.url, '--name', 'refused-code'],
      { paste: true },
    );
    const url = await login.url;
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    login.child.stdin.write('password\n');
    await login.stderrMatches(/That is too short to be an authorization code/);
    login.child.stdin.write('connectionrefusedbytheserverpage\n');
    await login.stderrMatches(/That is neither an address nor a code/);
    // Shaped like the sandbox's codes (40 hex digits), but never issued: the exchange is refused.
    login.child.stdin.write(`${'0a'.repeat(20)}\n`);
    await login.stderrMatches(/The service did not accept that code \(invalid_grant/);
    const code = await sandboxCode('de', redirectUri);
    login.child.stdin.write(
      `${redirectUri}?code=${code}&country=de&state=${url.searchParams.get('state')}\n`,
    );
    const result = await login.done;
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Connected 'refused-code': .+ \(business 1, de, readonly\)\.$/m);
    expect(result.stderr).toMatch(/again \(2 more tries\):/);
    expect(result.stderr).not.toContain(code);
  });

  it(`--no-browser: after ${MAX_WRONG_PASTES} wrong pastes the login ends with exit code 3 and stores nothing`, async () => {
    const login = startLogin(
      ['--sandbox', '--no-browser', '--base-url', world.server.url, '--name', 'too-many-pastes'],
      { paste: true },
    );
    await login.url;
    for (let i = 1; i < MAX_WRONG_PASTES; i++) {
      login.child.stdin.write(`wrong${i}\n`);
      await login.stderrMatches(new RegExp(`again \\(${MAX_WRONG_PASTES - i} more tr`));
    }
    // The last one allowed is a code the service refuses.
    login.child.stdin.write(`${'1b'.repeat(20)}\n`);
    const result = await login.done;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      new RegExp(
        `acctkit: ${MAX_WRONG_PASTES} pastes were not this login's answer, so it ended; nothing was stored\\.`,
      ),
    );
    expect(await openConnectionStore({ file: world.connectionsFile }).get('too-many-pastes')).toBeUndefined();
  });

  it('--sandbox stops at once, naming --base-url, when no sandbox answers at the base URL', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const r = await acctkit(
      ['login', '--sandbox', '--no-browser', '--base-url', `http://127.0.0.1:${port}`],
      world.env(),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`acctkit: No sandbox answers at http://127.0.0.1:${port}.`);
    expect(r.stderr).toContain('--base-url (or ACCTKIT_BASE_URL)');
    expect(r.stderr).not.toContain('/oauth2/auth?');
  });

  it('--no-browser: a pasted address that carries a denial ends the login with exit code 3', async () => {
    const login = startLogin(
      ['--sandbox', '--no-browser', '--base-url', world.server.url, '--name', 'pasted-denial'],
      { paste: true },
    );
    const url = await login.url;
    const redirectUri = url.searchParams.get('redirect_uri') as string;
    login.child.stdin.write(`${redirectUri}?error=access_denied&state=${url.searchParams.get('state')}\n`);
    const result = await login.done;
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/acctkit: Access was denied in the browser; nothing was stored\./);
    expect(await openConnectionStore({ file: world.connectionsFile }).get('pasted-denial')).toBeUndefined();
  });

  it('without a display or BROWSER, login stops at once and suggests --no-browser (no URL, no waiting)', async () => {
    const r = await acctkit(['login', '--sandbox', '--base-url', world.server.url], world.env());
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'acctkit: No browser can be opened here (no DISPLAY, WAYLAND_DISPLAY or BROWSER is set). Run the same `acctkit login` with --no-browser: it prints the page to open on any device, and you paste back the address the browser ends on (or its code).\n',
    );
  });

  it('when the system opener fails (xdg-open finds no working browser), login stops and suggests --no-browser', async () => {
    const r = await acctkit(
      ['login', '--sandbox', '--base-url', world.server.url, '--timeout', '120'],
      world.env({ BROWSER: 'false' }),
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Waiting for the answer on http:\/\/127\.0\.0\.1:\d+\/callback/);
    expect(r.stderr).toMatch(
      /acctkit: No browser can be opened here \(the browser opener exited with code \d+\)\. Run the same `acctkit login` with --no-browser/,
    );
  });

  it('when the injected opener rejects, login stops and suggests --no-browser (run() in-process)', async () => {
    const { run } = await import('../src/index.js');
    let stderr = '';
    const code = await run(['login', '--sandbox', '--base-url', world.server.url], {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
      env: world.env(),
      openUrl: () => Promise.reject(new Error('no browser in this container')),
    });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /acctkit: No browser can be opened here \(opening it failed: no browser in this container\)\. Run the same `acctkit login` with --no-browser/,
    );
  });

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
