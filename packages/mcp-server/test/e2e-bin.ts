// Helpers of the end-to-end tests: the built `acctkit-mcp`, spawned as a user's MCP client would.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package folder. */
export const PACKAGE_DIR: string = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The built bin, as published: the bundled `acctkit-mcp` (`pnpm --filter @acctkit/mcp-server build` makes it). */
export const BIN: string = join(PACKAGE_DIR, 'dist', 'acctkit-mcp.js');

/** Node 22 from the `node22` package of `tools/` (the Inspector and conformance CLIs need Node ≥ 22). */
export const NODE22: string = resolve(PACKAGE_DIR, '../../tools/node_modules/node22/bin/node');

/** Fails early, with what to run, when the bin has not been built. */
export function requireBuiltBin(): void {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run pnpm --filter @acctkit/mcp-server build first.`);
}

/**
 * An environment with no `ACCTKIT_*` variables and a connection store in a new empty folder, so a test
 * never sees the machine's own connections.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('ACCTKIT_') && k !== 'XDG_CONFIG_HOME') env[k] = v;
  const home = mkdtempSync(join(tmpdir(), 'acctkit-mcp-e2e-'));
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    ACCTKIT_CONNECTIONS_FILE: join(home, 'connections.json'),
    ...extra,
  };
}

/** What a finished process printed, and how it ended. */
export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end (bounded by `timeoutMs`), collecting its output. */
export function run(
  command: string,
  args: readonly string[],
  options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): Promise<Finished> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, [...args], {
      env: options.env ?? cleanEnv(),
      cwd: options.cwd ?? PACKAGE_DIR,
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
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} ran over ${options.timeoutMs ?? 60_000} ms\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
  });
}

/** A spawned `acctkit-mcp --http`, with the URL it printed. */
export interface SpawnedHttp {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns the built bin with `--http --port 0` (plus `args`) and waits for the URL on stderr. */
export function spawnHttp(
  args: readonly string[],
  env: Record<string, string> = cleanEnv(),
): Promise<SpawnedHttp> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, '--http', '--port', '0', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`acctkit-mcp --http did not start:\n${stderr}`));
    }, 20_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const url = /(http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) {
        clearTimeout(timer);
        resolvePromise({
          url,
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`acctkit-mcp --http exited with ${code}:\n${stderr}`));
    });
  });
}

/** The @modelcontextprotocol/conformance server scenarios that apply to this server; each must pass. */
export const APPLICABLE_SCENARIOS = [
  'server-initialize',
  'ping',
  'logging-set-level',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
] as const;

const INSPECTOR = join(
  PACKAGE_DIR,
  'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
);
const CONFORMANCE = join(PACKAGE_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Runs the MCP Inspector's CLI under Node 22, with its server catalogue kept out of the user's home. */
export function runInspector(args: readonly string[]): Promise<Finished> {
  const env = cleanEnv({ MCP_CATALOG_PATH: join(mkdtempSync(join(tmpdir(), 'inspector-')), 'mcp.json') });
  return run(NODE22, [INSPECTOR, '--cli', ...args], { env, timeoutMs: 45_000 });
}

/** Runs one conformance server scenario against `url` under Node 22, with the checks it recorded. */
export async function runConformance(
  url: string,
  scenario: string,
): Promise<{ code: number | null; report: string; checks: { status: string; id: string }[] }> {
  const output = mkdtempSync(join(tmpdir(), 'conformance-'));
  const result = await run(
    NODE22,
    [CONFORMANCE, 'server', '--url', url, '--scenario', scenario, '--output-dir', output],
    { env: cleanEnv(), timeoutMs: 30_000 },
  );
  const checks = readdirSync(output, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('checks.json'))
    .flatMap((f) => JSON.parse(readFileSync(join(output, f), 'utf8')) as { status: string; id: string }[]);
  return { code: result.code, report: result.stdout + result.stderr, checks };
}
