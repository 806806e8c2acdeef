import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MatrixSandbox } from '@acctkit/testing';
import { writeLauncher } from './bundle.ts';
import { runInChromium } from './chromium.ts';
import type { Report, RunOptions } from './harness/vitest-shim.ts';

export type RuntimeName = 'node20' | 'node22' | 'node24' | 'deno' | 'bun' | 'workerd' | 'chromium';

export interface RunOutcome {
  report: Report | undefined;
  output: string;
  ok: boolean;
}

const toolsDir = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string): string => join(toolsDir, 'node_modules', '.bin', name);

/** Where each runtime's binary comes from: all but Node 20 and Chromium are npm packages of tools/. */
export const runtimeBinaries: Record<Exclude<RuntimeName, 'chromium'>, string> = {
  node20: process.execPath,
  node22: join(toolsDir, 'node_modules', 'node22', 'bin', 'node'),
  node24: join(toolsDir, 'node_modules', 'node24', 'bin', 'node'),
  deno: bin('deno'),
  bun: bin('bun'),
  // The package's own binary, not the .bin shell shim: killing the shim would leave workerd running.
  workerd: join(toolsDir, 'node_modules', 'workerd', 'bin', 'workerd'),
};

export const allRuntimes: readonly RuntimeName[] = [
  'node20',
  'node22',
  'node24',
  'deno',
  'bun',
  'workerd',
  'chromium',
];

function exec(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => {
      output += `\n(timed out after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: -1, output: `${output}\n${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code: code ?? -1, output });
    });
  });
}

function parseReport(output: string): { report: Report | undefined; rest: string } {
  const marker = '@@REPORT ';
  const at = output.lastIndexOf(marker);
  if (at < 0) return { report: undefined, rest: output };
  const line = output.slice(at + marker.length).split('\n', 1)[0] ?? '';
  return { report: JSON.parse(line) as Report, rest: output.slice(0, at) };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The statement that hands the sandbox to the tests, run before they start. */
export function globalsSource(sandbox: MatrixSandbox | undefined): string {
  return sandbox ? `globalThis.__ACCTKIT_SANDBOX__ = ${JSON.stringify(sandbox)};` : '';
}

async function runWorkerd(
  dir: string,
  timeoutMs: number,
  sandbox: MatrixSandbox | undefined,
  options: RunOptions,
): Promise<RunOutcome> {
  const port = await freePort();
  await writeFile(
    join(dir, 'worker.mjs'),
    [
      "import { main } from './bundle.mjs';",
      'export default {',
      '  async fetch() {',
      `    ${globalsSource(sandbox)}`,
      '    const lines = [];',
      `    const report = await main((line) => lines.push(line), ${JSON.stringify(options)});`,
      '    return Response.json({ report, lines });',
      '  },',
      '};',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'config.capnp'),
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      'const config :Workerd.Config = (',
      '  services = [',
      '    (name = "main", worker = .matrixWorker),',
      // The sandbox listens on loopback, which workerd's default outbound service refuses.
      '    (name = "loopback", network = (allow = ["public", "private", "local"])),',
      '  ],',
      `  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],`,
      ');',
      'const matrixWorker :Workerd.Worker = (',
      '  modules = [',
      '    (name = "worker.mjs", esModule = embed "worker.mjs"),',
      '    (name = "bundle.mjs", esModule = embed "bundle.mjs"),',
      '  ],',
      '  compatibilityDate = "2025-09-01",',
      '  globalOutbound = "loopback",',
      ');',
      '',
    ].join('\n'),
  );
  const child = spawn(runtimeBinaries.workerd, ['serve', 'config.capnp', '--verbose'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) return { report: undefined, output, ok: false };
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
        const body = (await response.json()) as { report: Report; lines: string[] };
        return { report: body.report, output: body.lines.join('\n'), ok: body.report.failed === 0 };
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') {
          return { report: undefined, output: `${output}\n${String(error)}`, ok: false };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return { report: undefined, output: `${output}\n(timed out)`, ok: false };
  } finally {
    child.kill('SIGKILL');
  }
}

/** Runs the bundle in `dir` (which exports `main(log, options)`) under one runtime. */
export async function runIn(
  runtime: RuntimeName,
  dir: string,
  timeoutMs = 300_000,
  sandbox?: MatrixSandbox,
  options: RunOptions = {},
): Promise<RunOutcome> {
  if (runtime === 'chromium') return runInChromium(dir, timeoutMs, sandbox, options);
  if (runtime === 'workerd') return runWorkerd(dir, timeoutMs, sandbox, options);
  const command = runtimeBinaries[runtime];
  if (!existsSync(command)) {
    return {
      report: undefined,
      output: `${runtime} is not installed at ${command}: run pnpm install`,
      ok: false,
    };
  }
  const launcher = await writeLauncher(dir, globalsSource(sandbox), options);
  const args =
    runtime === 'deno'
      ? ['run', '--quiet', '--no-config', '--no-lock', '--no-prompt', '--allow-net=127.0.0.1', launcher]
      : runtime === 'bun'
        ? ['run', '--no-install', launcher]
        : [launcher];
  const { code, output } = await exec(command, args, dir, timeoutMs);
  const { report, rest } = parseReport(output);
  return { report, output: rest, ok: code === 0 && report !== undefined && report.failed === 0 };
}
