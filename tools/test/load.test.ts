import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { env } from './helpers/launch.ts';

const run = promisify(execFile);

/** `pnpm load` as a check run uses it, with `args` after the script name. */
function load(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('node', ['--import', 'tsx', 'tools/src/load.ts', ...args], { cwd: repoRoot, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('pnpm load', () => {
  it('runs the command while its busy loops spin, then stops them and exits with its code', async () => {
    // The command counts the busy-loop processes (children of its parent besides itself) while it runs.
    const script = `const {execFileSync}=require('node:child_process');
      const out=execFileSync('ps',['-o','args=','--ppid',String(process.ppid)],{encoding:'utf8'});
      console.log(out.split('\\n').filter((l)=>l.trim().endsWith('for (;;) {}')).length);process.exit(3)`;
    const result = await load(['--workers', '3', '--', process.execPath, '-e', script]);
    expect(result.code).toBe(3);
    expect(result.stdout.trim()).toBe('3');
    expect(result.stderr).toContain('load: 3 busy-loop processes running');
    expect(result.stderr).toMatch(/load: stopped after \d+ s; highest 1-minute load average seen \d+\.\d/);
  });

  it('refuses a worker count that is not a positive integer', async () => {
    const result = await load(['--workers', '0', '--', 'true']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--workers must be a positive integer');
  });
});
