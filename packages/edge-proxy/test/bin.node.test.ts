/**
 * `acctkit-proxy --sandbox --port 0`: prints a read and a write key for `de` and `pt`, the admin
 * token and a `curl` that works as printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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
