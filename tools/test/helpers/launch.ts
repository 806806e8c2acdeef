import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { repoRoot } from '../../src/paths.ts';
import { READY_LINE } from '../../src/start/banner.ts';

/**
 * The environment `npm start` runs in: the machine's `node`, not the Node 22/24 binaries of the
 * runtime matrix that a package script in tools/ finds first on its PATH (the sandbox's native
 * SQLite module is built for the machine's Node).
 */
export const env = {
  ...process.env,
  NO_COLOR: '1',
  PATH: (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.startsWith(repoRoot))
    .join(delimiter),
};

/** `npm start`'s launcher as a user runs it (through tsx), on free ports. */
export function launch(args: string[]): ChildProcessWithoutNullStreams {
  return spawn('node', ['--import', 'tsx', 'tools/src/start.ts', ...args], { cwd: repoRoot, env });
}

/** Resolves with everything printed once the banner is complete; rejects if the launcher exits first. */
export function banner(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(READY_LINE)) done(out);
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) =>
      fail(new Error(`the launcher exited (${code}) before printing:\n${out}${err}`)),
    );
  });
}

export function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}
