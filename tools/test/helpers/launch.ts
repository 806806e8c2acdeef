import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { connect } from 'node:net';
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

/**
 * `npm start` itself (`npm` → `sh -c` → tools/bootstrap.mjs → the launcher), or the bootstrap alone,
 * told that the install and build are done: the tests of tools/ run after both.
 */
export function launchNpmStart(
  args: string[],
  via: 'npm' | 'bootstrap' = 'npm',
): ChildProcessWithoutNullStreams {
  // npm reads npm_* variables as its own configuration: leave out those of the package manager running the tests.
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
  // Its own process group, so that a failed test can still end every process under it (killGroup).
  const options = { cwd: repoRoot, env: { ...clean, ACCTKIT_START_PREPARED: '1' }, detached: true };
  return via === 'npm'
    ? spawn('npm', ['start', '--', ...args], options)
    : spawn('node', ['tools/bootstrap.mjs', 'start', ...args], options);
}

/** Ends a process started by launchNpmStart and everything under it, whatever state they are in. */
export function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** The URL of each service of the banner (`== <name>: <url>`), by name. */
export function serviceUrls(output: string): Map<string, URL> {
  return new Map(
    [...output.matchAll(/^== ([^:]+): (http:\/\/\S+)$/gm)].map((m) => [m[1] ?? '', new URL(m[2] ?? '')]),
  );
}

/** Resolves true when nothing accepts a TCP connection on 127.0.0.1:port. */
export function refuses(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(true));
  });
}

/** Resolves with the milliseconds until every port refuses connections; rejects after `withinMs`. */
export async function portsClosed(ports: readonly number[], withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await Promise.all(ports.map(refuses))).every(Boolean)) return Date.now() - started;
    if (Date.now() - started > withinMs)
      throw new Error(`ports still open ${withinMs} ms later: ${ports.join(', ')}`);
    await new Promise((done) => setTimeout(done, 25));
  }
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
