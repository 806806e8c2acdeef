// `wrangler dev --local` driven from a test: the guide's local commands read from its fenced block,
// wrangler run offline (no metrics, no login, no Request.cf download), "Ready on" awaited, stopped by
// process group. Wrangler 4 needs Node 22.12+; the workspace's Node 22 is the node22 package of tools/.
// The edge proxy's and the remote MCP server's deploy guides are both run this way; each passes its own
// package folder (the wrangler it depends on, its wrangler.toml).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace's Node 22 (the node22 package of tools/), from src/ or dist/ of this package. */
const NODE22 = fileURLToPath(new URL('../../../tools/node_modules/node22/bin/node', import.meta.url));

/** `bin/wrangler.js` of the wrangler the package in `packageDir` depends on; throws when it has none. */
function wranglerBin(packageDir: string): string {
  const require = createRequire(join(packageDir, 'package.json'));
  return join(dirname(require.resolve('wrangler/package.json')), 'bin/wrangler.js');
}

/**
 * Why wrangler cannot run on this machine, measured (Node 22 present and new enough, wrangler
 * installed, workerd's binary starting), or `undefined` when it can.
 */
export function wranglerUnavailable(packageDir: string): string | undefined {
  if (!existsSync(NODE22)) return `no Node 22 at ${NODE22} (wrangler 4 needs Node 22.12+; install tools/)`;
  let wranglerJs: string;
  try {
    wranglerJs = wranglerBin(packageDir);
  } catch {
    return 'wrangler is not installed in this package (devDependency missing: run pnpm install)';
  }
  try {
    const version = execFileSync(NODE22, ['--version'], { encoding: 'utf8' }).trim();
    const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return `${NODE22} is ${version}; wrangler 4 needs 22.12+`;
    const workerd = createRequire(wranglerJs).resolve('workerd/bin/workerd');
    execFileSync(workerd, ['--version'], { encoding: 'utf8', stdio: 'pipe', timeout: 30_000 });
  } catch (error) {
    return `workerd does not start here: ${(error as Error).message.split('\n')[0]}`;
  }
  return undefined;
}

/** One command of a guide's block; a heredoc stays with the command that opens it. */
export interface GuideCommand {
  readonly text: string;
  /** The words of its first line, without a trailing `&` or comment. */
  readonly words: readonly string[];
}

/**
 * The commands of the fenced block after the comment `<!-- deploy-local … -->` in `markdownFile`: what the guide tells
 * a reader to type to try the Worker locally, so the test runs what the reader runs.
 */
export function deployLocalCommands(markdownFile: string): GuideCommand[] {
  const text = readFileSync(markdownFile, 'utf8');
  const at = text.indexOf('<!-- deploy-local');
  const block = /^( *)```sh\n([\s\S]*?)^ *```/m.exec(text.slice(at));
  if (at < 0 || block?.[2] === undefined)
    throw new Error(`${markdownFile} has no \`\`\`sh block after <!-- deploy-local … -->`);
  // A block inside a list item is indented; its commands (a heredoc's end marker too) are not.
  const indent = block[1] ?? '';
  const lines = block[2].split('\n').map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l));
  const commands: GuideCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const body = [line];
    const heredoc = /<<'?(\w+)'?/.exec(line);
    if (heredoc) {
      while (i + 1 < lines.length && lines[i + 1] !== heredoc[1]) body.push(lines[++i] ?? '');
      body.push(lines[++i] ?? '');
    }
    const words = line
      .replace(/\s+#.*$/, '')
      .replace(/\s*&$/, '')
      .trim()
      .split(/\s+/);
    commands.push({ text: body.join('\n'), words });
  }
  return commands;
}

/** A port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A folder laid out like the package in `packageDir` for wrangler: `wrangler.toml` copied, the named
 * folders (the entry module's and `node_modules`) linked, so `.dev.vars`, `.wrangler/` and the state
 * stay out of the shared package folder.
 */
export function projectCopy(packageDir: string, prefix: string, linked: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Copied, not linked: wrangler looks for `.dev.vars` beside the real file.
  copyFileSync(join(packageDir, 'wrangler.toml'), join(dir, 'wrangler.toml'));
  for (const name of ['node_modules', ...linked]) symlinkSync(join(packageDir, name), join(dir, name));
  return dir;
}

/** Runs a shell command of the guide (writing `.dev.vars`, say) in `cwd`. */
export function runShell(text: string, cwd: string): void {
  execFileSync('bash', ['-euo', 'pipefail', '-c', text], { cwd, stdio: 'pipe' });
}

/** A running `wrangler dev`. */
export interface WranglerDev {
  readonly url: string;
  /** Everything it printed so far, stdout and stderr, colours removed. */
  output(): string;
  /** Stops wrangler and workerd (the whole process group) and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `wrangler <args>` (from the guide, `npx wrangler` dropped) in `cwd`, with the wrangler of the
 * package in `packageDir`, and resolves once it prints "Ready on"; rejects with its output when it
 * exits first or is not ready within `timeoutMs`.
 */
export function startWranglerDev(
  packageDir: string,
  cwd: string,
  args: readonly string[],
  timeoutMs = 120_000,
): Promise<WranglerDev> {
  const wranglerJs = wranglerBin(packageDir);
  const env: NodeJS.ProcessEnv = {};
  // No account reaches wrangler from the environment: it runs logged out, as --local needs.
  for (const [k, v] of Object.entries(process.env))
    if (!/^(CLOUDFLARE_|CF_|WRANGLER_)/.test(k) && v !== undefined) env[k] = v;
  Object.assign(env, {
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    // Miniflare otherwise downloads a Request.cf sample from workers.cloudflare.com at each start.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    DO_NOT_TRACK: '1',
    CI: '1',
    FORCE_COLOR: '0',
    XDG_CONFIG_HOME: join(cwd, '.config'),
  });
  const child: ChildProcess = spawn(NODE22, [wranglerJs, ...args], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters.
  const output = () => out.replace(/\x1b\[[0-9;]*m/g, '');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {}
    }, 15_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`wrangler dev not ready after ${timeoutMs} ms:\n${output()}`)));
    }, timeoutMs);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      const ready = /Ready on (http:\/\/[^\s]+)/.exec(output());
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ url: ready[1].replace(/\/$/, ''), output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(
        new Error(
          `wrangler dev exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
        ),
      );
    });
  });
}
