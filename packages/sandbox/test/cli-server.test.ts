import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@acctkit/signer';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'acctkit-sandbox-'));
const file = join(dir, 'sandbox.sqlite');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

async function start(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: join(import.meta.dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no start: ${out}`)), 15_000);
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m && out.includes('X-Nonce')) {
        clearTimeout(t);
        resolve(m[1] as string);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', () => reject(new Error(`exited: ${out}`)));
  });
  return { child, url, output: () => out };
}

async function stop(child: ChildProcess): Promise<void> {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

async function mint(url: string): Promise<{ access_token: string; signing_secret: string }> {
  const res = await fetch(`${url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: 'Bearer cli-admin' },
    body: '{"business":"pt"}',
  });
  return (await res.json()) as { access_token: string; signing_secret: string };
}

async function signed(
  url: string,
  creds: { access_token: string; signing_secret: string },
  method: string,
  path: string,
  body?: string,
): Promise<Response> {
  const full = `${url}${path}`;
  const s = await sign(
    { method, url: full, ...(body ? { body } : {}) },
    { signingSecret: creds.signing_secret, accessToken: creds.access_token },
  );
  return fetch(full, {
    method,
    headers: { ...s.headers, ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(body ? { body } : {}),
  });
}

describe('acctkit-sandbox CLI on a real port', () => {
  it('prints URLs, demo logins, client credentials and a signed example call that works', async () => {
    const { child, output } = await start(['--port', '0', '--memory']);
    const text = output();
    expect(text).toContain('/docs');
    expect(text).toContain('anna@demo.acctkit.test');
    expect(text).toContain('acctkit-demo-app');
    const curl =
      /curl -s '([^']+)' \\\n\s+-H 'Authorization: ([^']+)' \\\n\s+-H 'X-Signature: ([^']+)' \\\n\s+-H 'X-Nonce: ([^']+)'/.exec(
        text,
      );
    expect(curl).not.toBeNull();
    const [, exUrl, auth, sig, nonce] = curl as unknown as string[];
    const res = await fetch(exUrl as string, {
      headers: { Authorization: auth as string, 'X-Signature': sig as string, 'X-Nonce': nonce as string },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { $resources: unknown[] }).$resources).toHaveLength(2);
    await stop(child);
  });

  it('createContact: 50 concurrent creates give 50 records, and listContacts still has them after a restart', async () => {
    const first = await start([
      '--port',
      '0',
      '--data',
      file,
      '--admin-token',
      'cli-admin',
      '--rate-limit',
      '0',
    ]);
    const creds = await mint(first.url);
    const before = (await (await signed(first.url, creds, 'GET', '/accounts/v2/contacts')).json()) as {
      $totalResults: number;
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signed(
          first.url,
          creds,
          'POST',
          '/accounts/v2/contacts',
          `contact%5Bname%5D=Concurrent+${i}&contact%5Bcontact_type_id%5D=1`,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as { id: number }).id)));
    expect(ids.size).toBe(50);
    const after = (await (
      await signed(first.url, creds, 'GET', '/accounts/v2/contacts?search=Concurrent')
    ).json()) as { $totalResults: number };
    expect(after, JSON.stringify(after)).toHaveProperty('$totalResults', 50);
    await stop(first.child);

    const second = await start(['--port', '0', '--data', file, '--admin-token', 'cli-admin']);
    const again = await signed(second.url, creds, 'GET', '/accounts/v2/contacts');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { $totalResults: number }).$totalResults).toBe(before.$totalResults + 50);
    await stop(second.child);
  });

  it('--admin-token random generates a token, prints it, and the admin API takes it; without one it says how to enable it', async () => {
    const { child, url, output } = await start(['--port', '0', '--memory', '--admin-token', 'random']);
    const token = /admin token:\s+([0-9a-f]{64})/.exec(output())?.[1];
    expect(token).toBeDefined();
    const minted = await fetch(`${url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: '{"business":"de"}',
    });
    expect(minted.status).toBe(201);
    expect(output()).toContain(`${url}/oauth2/callback`);
    await stop(child);

    const off = await start(['--port', '0', '--memory']);
    expect(off.output()).toContain('--admin-token random');
    expect(off.output()).not.toContain('admin token:');
    const refused = await fetch(`${off.url}/_sandbox/tokens`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('ADMIN_DISABLED');
    await stop(off.child);
  });
});
