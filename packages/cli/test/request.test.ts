/**
 * `acctkit request` and `acctkit connections`, run as the built bin against a sandbox on a real port:
 * GET, POST with nested form fields, --paginate over 300 records as NDJSON, a 422 with its diagnoses on
 * stderr and exit code 1, --dry-run, refresh of an expired token written back to the file, a revoked
 * grant, and a connection list that never shows a secret.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createClient } from '@acctkit/client';
import { openConnectionStore, type StoredConnection } from '@acctkit/client/node';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acctkit, admin, startWorld, storeConnection, type World } from './helpers.js';

let world: World;
let de: StoredConnection;
beforeAll(async () => {
  world = await startWorld();
  de = await storeConnection(world, 'demo-de', 'de');
  await storeConnection(world, 'demo-pt', 'pt', 'readonly');
}, 30_000);
afterAll(() => world?.close());

const run = (...args: string[]) => acctkit(args, world.env());
/** `acctkit request METHOD /accounts/v2/contacts -c CONNECTION …`. */
const contacts = (method: string, connection: string, ...more: string[]) =>
  run('request', method, '/accounts/v2/contacts', '-c', connection, ...more);

describe('acctkit request', () => {
  it('GET prints the JSON body compactly when stdout is not a terminal', async () => {
    const r = await run('request', 'GET', '/core/v2/business', '--connection', 'demo-de');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Schneider Werbetechnik GmbH', $key: 1 });
  });

  it('picks the connection from the flag, then ACCTKIT_CONNECTION, then the config file, and refuses to guess among several', async () => {
    const viaEnv = await acctkit(
      ['request', 'GET', '/core/v2/business'],
      world.env({ ACCTKIT_CONNECTION: 'demo-pt' }),
    );
    expect(JSON.parse(viaEnv.stdout).name).toContain('Ferreira & Costa Design');
    await mkdir(`${world.configHome}/acctkit`, { recursive: true });
    await writeFile(
      `${world.configHome}/acctkit/config.json`,
      JSON.stringify({ defaultConnection: 'demo-pt' }),
    );
    const viaConfig = await run('request', 'GET', '/core/v2/business');
    expect(JSON.parse(viaConfig.stdout).name).toContain('Ferreira & Costa Design');
    const flagWins = await acctkit(
      ['request', 'GET', '/core/v2/business', '-c', 'demo-de'],
      world.env({ ACCTKIT_CONNECTION: 'demo-pt' }),
    );
    expect(JSON.parse(flagWins.stdout).name).toBe('Schneider Werbetechnik GmbH');
    await rm(`${world.configHome}/acctkit/config.json`);
    const guess = await run('request', 'GET', '/core/v2/business');
    expect(guess.code).toBe(3);
    expect(guess.stderr).toMatch(/several connections \(demo-de, demo-pt\).*--connection/);
    const missing = await run('request', 'GET', '/core/v2/business', '--connection', 'demo-dd');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(
      /no connection named 'demo-dd'\. Did you mean 'demo-de'\? The connections are: demo-de, demo-pt\./,
    );
  });

  it('POST with nested -f fields creates the record; -q and the query in PATH filter a GET', async () => {
    const created = await contacts(
      'POST',
      'demo-de',
      '-f',
      'contact[name]=Ann Lee & Söhne',
      '-f',
      'contact[contact_type_id]=1',
      '-f',
      'contact[main_address][town]=Köln',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const contact = JSON.parse(created.stdout);
    expect(contact).toMatchObject({ name: 'Ann Lee & Söhne' });
    expect(contact.main_address?.town).toBe('Köln');

    const found = await run(
      'request',
      'GET',
      '/accounts/v2/contacts?search=Ann%20Lee',
      '-c',
      'demo-de',
      '-q',
      '$itemsPerPage=5',
    );
    const list = JSON.parse(found.stdout);
    expect(list.$resources.map((c: { id: number }) => c.id)).toContain(contact.id);
    expect(list.$itemsPerPage).toBe(5);
  });

  it('--paginate follows $startIndex over 300 contacts and prints one JSON record per line', async () => {
    const r = await contacts('GET', 'demo-pt', '--paginate', '-q', '$itemsPerPage=70');
    expect(r.code).toBe(0);
    // stderr is not a terminal here: no progress line.
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as { id: number });
    const first = JSON.parse((await contacts('GET', 'demo-pt')).stdout);
    expect(first.$totalResults).toBeGreaterThanOrEqual(300);
    expect(records).toHaveLength(first.$totalResults);
    expect(new Set(records.map((c) => c.id)).size).toBe(records.length);
  });

  it('a 422 prints the status and each diagnosis on stderr, nothing on stdout, and exits 1', async () => {
    const r = await contacts(
      'POST',
      'demo-de',
      '-f',
      'contact[contact_type_id]=1',
      '-f',
      'contact[nickname]=x',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/POST \/accounts\/v2\/contacts answered 422/);
    const body = JSON.parse(r.stderr.slice(r.stderr.indexOf('{')));
    expect(body.$diagnoses.length).toBeGreaterThan(0);
    for (const d of body.$diagnoses as { $source: string; $message: string }[])
      expect(r.stderr).toContain(`${d.$source}: ${d.$message}`);
  });

  it('a readonly connection gets the 403 on stderr with exit code 1', async () => {
    const r = await run('request', 'DELETE', '/accounts/v2/contacts/1', '-c', 'demo-pt');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/answered 403/);
    expect(r.stderr).toMatch(/InsufficientScope/);
  });

  it('--dry-run prints the four signing steps and the headers, sends nothing and shows no token', async () => {
    const r = await contacts('POST', 'demo-de', '-f', 'contact[name]=Dry Run', '--dry-run');
    expect(r.code).toBe(0);
    for (const step of ['1. Signature base string', '2. Signing key', '3. Signature', '4. Headers'])
      expect(r.stdout).toContain(step);
    expect(r.stdout).toContain('parameter string: contact%5Bname%5D=Dry%20Run');
    expect(r.stdout).toContain(
      `base URL:         https://${new URL(world.server.url).host}/accounts/v2/contacts`,
    );
    expect(r.stdout).toMatch(/X-Signature: [A-Za-z0-9+/]{27}=/);
    expect(r.stdout).toContain('Authorization: Bearer [redacted]');
    expect(r.stdout).toContain('Content-Type: application/x-www-form-urlencoded');
    expect(r.stdout).not.toContain(de.tokens.accessToken);
    expect(r.stdout).not.toContain(DEMO_CLIENT.signingSecret);
    const search = await contacts('GET', 'demo-de', '-q', 'search=Dry Run');
    expect(JSON.parse(search.stdout).$totalResults).toBe(0);
  });

  it('refreshes an expired access token and writes the rotated tokens back (mode 0600)', async () => {
    const store = openConnectionStore({ file: world.connectionsFile });
    const before = (await store.get('demo-de')) as StoredConnection;
    await store.put({ ...before, tokens: { ...before.tokens, expiresAt: Date.now() - 1000 } });
    const r = await run('request', 'GET', '/core/v2/business', '-c', 'demo-de');
    expect(r.code).toBe(0);
    const after = (await store.get('demo-de')) as StoredConnection;
    expect(after.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
    expect(after.tokens.expiresAt).toBeGreaterThan(Date.now());
    expect((await stat(world.connectionsFile)).mode & 0o777).toBe(0o600);
    // The old refresh token is spent: only the stored one works now.
    const api = createClient({
      variant: 'de',
      baseUrl: world.server.url,
      credentials: { accessToken: after.tokens.accessToken, signingSecret: DEMO_CLIENT.signingSecret },
      userAgent: 'test',
    });
    expect((await api.GET('/core/v2/business')).response.status).toBe(200);
  });

  it('a revoked grant tells the user to log in again (exit 3), naming the connection', async () => {
    const victim = await storeConnection(world, 'victim', 'de');
    const store = openConnectionStore({ file: world.connectionsFile });
    await store.put({ ...victim, tokens: { ...victim.tokens, expiresAt: 0 } });
    await admin(world, 'revoke', { refresh_token: victim.tokens.refreshToken });
    const r = await run('request', 'GET', '/core/v2/business', '-c', 'victim');
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/grant of connection 'victim' is no longer valid.*acctkit login --name victim/);
    expect(r.stderr).not.toContain(victim.tokens.refreshToken);
  });
});

describe('acctkit connections', () => {
  it('list shows name, country, business, scope and expiry, and never a token or secret (table and --json)', async () => {
    const table = await run('connections', 'list');
    expect(table.code).toBe(0);
    const [header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(header?.split(/\s{2,}/)).toEqual(['NAME', 'COUNTRY', 'BUSINESS', 'SCOPE', 'EXPIRES']);
    expect(rows.find((r) => r.startsWith('demo-pt'))).toMatch(
      /demo-pt\s+pt\s+Ferreira & Costa Design, Lda\. \(2\)\s+readonly\s+\d{4}-\d\d-\d\dT/,
    );
    const json = await run('connections', 'list', '--json');
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(listed.map((c) => c.name)).toContain('demo-de');
    const file = await readFile(world.connectionsFile, 'utf8');
    const secrets = [
      DEMO_CLIENT.clientSecret,
      DEMO_CLIENT.signingSecret,
      ...(JSON.parse(file).connections as StoredConnection[]).flatMap((c) => [
        c.tokens.accessToken,
        c.tokens.refreshToken,
      ]),
    ];
    for (const secret of secrets) {
      expect(table.stdout + table.stderr).not.toContain(secret);
      expect(json.stdout + json.stderr).not.toContain(secret);
    }
    // The file itself keeps no app secret either.
    expect(file).not.toContain(DEMO_CLIENT.clientSecret);
    expect(file).not.toContain(DEMO_CLIENT.signingSecret);
  });

  it('rename and remove change the store; errors exit 3 or 2', async () => {
    await storeConnection(world, 'temp', 'pt');
    expect((await run('connections', 'rename', 'temp', 'temp2')).code).toBe(0);
    expect((await run('connections', 'rename', 'temp2', 'demo-de')).stderr).toMatch(/already exists/);
    expect((await run('connections', 'remove', 'temp2')).code).toBe(0);
    const gone = await run('connections', 'remove', 'temp2');
    expect(gone.code).toBe(3);
    expect((await run('connections', 'remove')).code).toBe(2);
    expect(
      JSON.parse((await run('connections', 'list', '--json')).stdout).map((c: { name: string }) => c.name),
    ).not.toContain('temp2');
  });

  it('a damaged connection file is reported by name and left as it is', async () => {
    const other = `${world.home}/broken.json`;
    await writeFile(other, '{ not json');
    const r = await acctkit(['connections', 'list'], world.env({ ACCTKIT_CONNECTIONS_FILE: other }));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(other);
    expect(r.stderr).toMatch(/damaged/);
    expect(await readFile(other, 'utf8')).toBe('{ not json');
  });
});

describe('run() in-process, with terminals', () => {
  /** An output that records what is written and says whether it is a terminal. */
  const output = (isTTY: boolean) => {
    const chunks: string[] = [];
    return { isTTY, write: (t: string) => chunks.push(t), text: () => chunks.join('') };
  };

  it('pretty-prints JSON on a terminal; --raw prints the body as received', async () => {
    const { run } = await import('../src/index.js');
    const stdout = output(true);
    const io = { stdout, stderr: output(false), env: world.env() };
    expect(await run(['request', 'GET', '/core/v2/business', '-c', 'demo-de'], io)).toBe(0);
    expect(stdout.text()).toMatch(/^\{\n {2}"/);
    const raw = output(true);
    expect(
      await run(['request', 'GET', '/core/v2/business', '-c', 'demo-de', '--raw'], { ...io, stdout: raw }),
    ).toBe(0);
    expect(raw.text()).not.toContain('\n  ');
    expect(JSON.parse(raw.text()).$key).toBe(1);
  });

  it('--paginate shows a progress line on stderr when it is a terminal', async () => {
    const { run } = await import('../src/index.js');
    const stdout = output(false);
    const stderr = output(true);
    const code = await run(['request', 'GET', '/accounts/v2/expenses', '-c', 'demo-de', '--paginate'], {
      stdout,
      stderr,
      env: world.env(),
    });
    expect(code).toBe(0);
    const count = stdout.text().trimEnd().split('\n').length;
    expect(count).toBeGreaterThanOrEqual(260);
    expect(stderr.text()).toContain('\r50 records…');
    expect(stderr.text()).toMatch(new RegExp(`\\r${count} records\\.\\n$`));
  });
});
