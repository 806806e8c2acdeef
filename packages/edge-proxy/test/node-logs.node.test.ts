/**
 * `acctkit-proxy` (the built bin, as published) on a real port: its log is one JSON line per request
 * on stdout, where containers collect it, holding no key, token or query; `GET /healthz` answers
 * with the package's version.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const BUILT_BIN = join(packageDir, 'dist', 'node', 'bin.js');
const FAKE = 'fake-secret-token-91e0b3d2a8c4';

let child: ChildProcess;
let stdout = '';
let stderr = '';
let url = '';
let readKey = '';
/** Who waits for what on stdout. */
let waiters: { predicate: (out: string) => boolean; resolve: () => void }[] = [];

/** Resolves once `predicate` holds for the stdout seen so far. */
function waitForStdout(predicate: (out: string) => boolean): Promise<void> {
  if (predicate(stdout)) return Promise.resolve();
  return new Promise((resolve) => waiters.push({ predicate, resolve }));
}

beforeAll(async () => {
  if (!existsSync(BUILT_BIN))
    throw new Error(`${BUILT_BIN} is missing: run pnpm --filter @acctkit/edge-proxy build.`);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'ACCTKIT_ADMIN_TOKEN') env[k] = v;
  child = spawn(process.execPath, [BUILT_BIN, '--sandbox', '--port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
    const met = waiters.filter((w) => w.predicate(stdout));
    waiters = waiters.filter((w) => !met.includes(w));
    for (const w of met) w.resolve();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  await waitForStdout((out) => out.includes('curl '));
  url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1] ?? '';
  readKey = /de\s+read\s+(akp_r_\S+)/.exec(stdout)?.[1] ?? '';
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('acctkit-proxy logs and health on Node', () => {
  it('GET /healthz answers {status: ok, version} with the version of package.json, without a key', async () => {
    const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    const r = await fetch(`${url}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', version });
  });

  it('writes one JSON line per request to stdout, with its route pattern and request id, and no key, token or query', async () => {
    const ids = ['node-log-1', 'node-log-2', 'node-log-3'];
    const sent = [
      fetch(`${url}/accounts/v2/contacts?search=${FAKE}`, {
        headers: { Authorization: `Bearer ${readKey}`, 'X-Request-Id': ids[0] ?? '' },
      }),
      fetch(`${url}/core/v2/business`, {
        headers: { Authorization: `Bearer ${FAKE}`, 'X-Request-Id': ids[1] ?? '' },
      }),
      fetch(`${url}/healthz?token=${FAKE}`, { headers: { 'X-Request-Id': ids[2] ?? '' } }),
    ];
    const statuses = await Promise.all(sent.map(async (p) => (await p).status));
    expect(statuses).toEqual([200, 401, 200]);
    await waitForStdout((out) => ids.every((id) => out.includes(`"request_id":"${id}"`)));
    const records = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const mine = ids.map((id) => records.filter((r) => r.request_id === id));
    expect(mine.map((r) => r.length)).toEqual([1, 1, 1]);
    expect(mine.map(([r]) => [r?.route, r?.status])).toEqual([
      ['/accounts/v2/contacts', 200],
      ['/core/v2/business', 401],
      ['/healthz', 200],
    ]);
    expect(mine[0]?.[0]).toMatchObject({
      connection: 'de',
      operation: 'listContacts',
      key_id: expect.any(String),
    });
    // Every JSON line of stdout is a log record; stderr has none.
    for (const record of records)
      expect(record).toMatchObject({ time: expect.any(String), level: expect.any(String) });
    expect(stderr).not.toMatch(/^\{/m);
    for (const secret of [FAKE, readKey]) {
      expect(records.map((r) => JSON.stringify(r)).join('\n')).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
  });
});
