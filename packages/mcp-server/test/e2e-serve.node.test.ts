// `acctkit-mcp serve` dispatches to the remote server; its configuration is tested with the remote server.
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, requireBuiltBin, run } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

describe('acctkit-mcp serve', () => {
  it('--help prints its usage and exits 0', async () => {
    const result = await run(process.execPath, [BIN, 'serve', '--help'], { timeoutMs: 15_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--public-url');
  });

  it('without configuration: exits 1 naming a missing variable, prints nothing on stdout', async () => {
    const result = await run(process.execPath, [BIN, 'serve', '--port', '0'], {
      env: cleanEnv(),
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/acctkit-mcp serve: .*ACCTKIT_/);
  });

  it('an unknown flag: exits 2', async () => {
    const result = await run(process.execPath, [BIN, 'serve', '--sandbox'], { timeoutMs: 15_000 });
    expect(result.code).toBe(2);
  });
});
