/**
 * The shell of a user outside this repository: one Node (20, 22 or 24) first on the PATH, plain npm
 * running on it, nothing of the workspace (no pnpm settings, no repository folders on the PATH).
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { repoRoot } from '../paths.ts';
import { runtimeBinaries } from '../runtime-matrix/runtimes.ts';

export type NodeName = 'node20' | 'node22' | 'node24';
export const nodeNames: readonly NodeName[] = ['node20', 'node22', 'node24'];

/** One Node a user may run: its binary and the folder that holds it. */
export interface UserNode {
  readonly name: NodeName;
  readonly binary: string;
}

export function userNode(name: NodeName): UserNode {
  return { name, binary: runtimeBinaries[name] };
}

/** npm's own entry point, run by whichever Node is being checked (so native builds target that Node). */
export function npmCliPath(): string {
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'npm'))
    .find((file) => {
      try {
        return realpathSync(file).endsWith('npm-cli.js');
      } catch {
        return false;
      }
    });
  return onPath
    ? realpathSync(onPath)
    : join(dirname(process.execPath), '../lib/node_modules/npm/bin/npm-cli.js');
}

/**
 * The installation folder holding this Node's C headers (`include/node`), which node-gyp compiles a
 * native module against: the Node 22 and 24 of tools/ keep theirs in a platform package beside the
 * binary. Without it node-gyp downloads them, or uses a machine-wide `nodedir` meant for another Node.
 */
export function nodeHeadersDir(binary: string): string | undefined {
  const prefix = resolve(dirname(realpathSync(binary)), '..');
  return [prefix, join(prefix, 'node_modules', `node-${process.platform}-${process.arch}`)].find((dir) =>
    existsSync(join(dir, 'include', 'node', 'common.gypi')),
  );
}

/** npm settings a user may rely on (a registry mirror, a proxy) and which pnpm does not set. */
const keptNpmConfig = /^npm_config_(registry|cache|userconfig|proxy|https_proxy|noproxy|strict_ssl|cafile)$/i;

/**
 * The environment of a user's shell: the workspace's npm/pnpm variables dropped, `extraPath` (a global
 * prefix's bin, say) and then `node`'s folder first on the PATH, so that `npm` (a `#!/usr/bin/env node`
 * script) and every installed bin run on that Node.
 */
export function userEnv(node: UserNode, extraPath: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_|turbo_)/i.test(key) && !keptNpmConfig.test(key)) continue;
    if (key === 'NODE_OPTIONS' || key === 'NODE_PATH' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  const rest = (process.env.PATH ?? '').split(delimiter).filter((dir) => dir && !dir.startsWith(repoRoot));
  env.PATH = [...extraPath, dirname(node.binary), ...rest].join(delimiter);
  const headers = nodeHeadersDir(node.binary);
  if (headers) env.npm_config_nodedir = headers;
  env.NO_COLOR = '1';
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return env;
}

/** What a finished command left. */
export interface Finished {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

/** Runs a command to its end (or kills it after `timeoutMs`), collecting its output. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Finished> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${options.timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, stdout, stderr, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Runs plain npm on `node` in `cwd`. */
export function npm(
  node: UserNode,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Finished> {
  return run(node.binary, [npmCliPath(), ...args], { timeoutMs: 600_000, ...options });
}

/** The output of a finished command, for an error message. */
export function transcript(f: Finished, lines = 40): string {
  const all = `${f.stdout}${f.stderr}`.trim().split('\n');
  const shown = all.length > lines ? [`(${all.length - lines} lines before)`, ...all.slice(-lines)] : all;
  return [`exit ${f.code}`, ...shown].join('\n').replace(/^/gm, '      ');
}
