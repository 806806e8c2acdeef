import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

/** Runs a binary from the root node_modules/.bin and throws with its output when it fails. */
export function runBin(name: string, args: string[]): string {
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', name), args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0)
    throw new Error(`${name} ${args.join(' ')} failed (exit ${result.status}):\n${output}`);
  return output;
}
