/**
 * `acctkit-proxy --sandbox --port 0`: prints a read and a write key for `de` and `pt`, the admin
 * token and a `curl` that works as printed; the admin token comes from a file or the environment,
 * never from an argument.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGTERM');
});

function startBin(): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/node/bin.ts', '--sandbox', '--port', '0'], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('curl ')) resolve(out);
    });
    child.on('exit', (code) => reject(new Error(`acctkit-proxy exited with ${code}: ${out}`)));
  });
}

describe('acctkit-proxy --sandbox', () => {
  it('prints the keys, the admin token and a working curl', async () => {
    const out = await startBin();
    for (const [variant, scope, prefix] of [
      ['de', 'read', 'akp_r_'],
      ['de', 'write', 'akp_w_'],
      ['pt', 'read', 'akp_r_'],
      ['pt', 'write', 'akp_w_'],
    ] as const) {
      expect(out).toMatch(new RegExp(`${variant}\\s+${scope}\\s+${prefix}[A-Za-z0-9_-]{43}`));
    }
    expect(out).toMatch(/Admin token: [0-9a-f]{48}/);
    const curl = /curl -s -H 'Authorization: Bearer ([^']+)' '([^']+)'/.exec(out);
    expect(curl).not.toBeNull();
    const response = await fetch(curl?.[2] ?? '', { headers: { Authorization: `Bearer ${curl?.[1]}` } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { $resources: unknown[] }).$resources.length).toBeGreaterThan(0);
  }, 60_000);
});

/** The built bin, as published (`pnpm --filter @acctkit/edge-proxy build` makes it). */
const BUILT_BIN = join(packageDir, 'dist', 'node', 'bin.js');

/** The environment of the test process without an admin token of its own. */
function envWithout(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'ACCTKIT_ADMIN_TOKEN') env[k] = v;
  return { ...env, ...extra };
}

/** Runs the built bin to its end: exit code and output. */
function runBuilt(args: string[], env = envWithout()): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, [BUILT_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    run.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    run.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => {
      run.kill('SIGKILL');
      reject(new Error(`acctkit-proxy ${args.join(' ')} did not exit: ${out}`));
    }, 20_000);
    run.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** Starts the built bin with `--sandbox --port 0` and waits for its URL. */
function startBuilt(
  args: string[],
  env: Record<string, string>,
): Promise<{ url: string; out: () => string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const started = spawn(process.execPath, [BUILT_BIN, '--sandbox', '--port', '0', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    started.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url && out.includes('curl ')) resolve({ url, out: () => out, child: started });
    });
    started.on('exit', (code) => reject(new Error(`acctkit-proxy exited with ${code}: ${out}`)));
  });
}

describe('acctkit-proxy admin token (built bin)', () => {
  const token = 'admin-token-from-a-file-0123456789abcdef';
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-proxy-bin-'));
  const file = join(dir, 'admin-token');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  const running: ChildProcess[] = [];
  beforeAll(() => {
    if (!existsSync(BUILT_BIN))
      throw new Error(`${BUILT_BIN} is missing: run pnpm --filter @acctkit/edge-proxy build.`);
  });
  afterAll(() => {
    for (const c of running) c.kill('SIGTERM');
  });

  it('refuses --admin-token on the command line with exit 2, naming --admin-token-file and ACCTKIT_ADMIN_TOKEN', async () => {
    for (const args of [
      ['--sandbox', '--admin-token', 'secret-in-argv'],
      ['--sandbox', '--admin-token=secret-in-argv'],
    ]) {
      const result = await runBuilt(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.out).toContain('--admin-token-file');
      expect(result.out).toContain('ACCTKIT_ADMIN_TOKEN');
      expect(result.out).not.toContain('secret-in-argv');
    }
  });

  it('refuses an --admin-token-file that is missing or empty with exit 2', async () => {
    expect((await runBuilt(['--sandbox', '--admin-token-file', join(dir, 'missing')])).code).toBe(2);
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    const result = await runBuilt(['--sandbox', '--admin-token-file', empty]);
    expect(result.code).toBe(2);
    expect(result.out).toContain('is empty');
  });

  it.each([
    ['--admin-token-file', ['--admin-token-file', file], envWithout()],
    ['ACCTKIT_ADMIN_TOKEN', [], envWithout({ ACCTKIT_ADMIN_TOKEN: token })],
  ])(
    'takes the admin token from %s, and does not print it',
    async (_from, args, env) => {
      const proxy = await startBuilt(args, env);
      running.push(proxy.child);
      expect(proxy.out()).not.toContain(token);
      expect(proxy.out()).toMatch(/Admin token: \(from (--admin-token-file|ACCTKIT_ADMIN_TOKEN)\)/);
      const list = (bearer: string) =>
        fetch(`${proxy.url}/_proxy/connections`, { headers: { Authorization: `Bearer ${bearer}` } });
      expect((await list(token)).status).toBe(200);
      expect((await list(`${token}x`)).status).toBe(401);
    },
    60_000,
  );
});
