// `npm start` as a user runs it: npm, its shell, tools/bootstrap.mjs, then the launcher. A signal to
// the top process stops every service; --help and a mistyped option are answered before any install.
import { type ChildProcessWithoutNullStreams, execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { banner, env, killGroup, launchNpmStart, portsClosed, serviceUrls } from './helpers/launch.ts';

const run = promisify(execFile);

/** Every port the banner prints: the sandbox, the MCP server, the remote MCP server, the proxy. */
function printedPorts(output: string): number[] {
  return [...serviceUrls(output).values()].map((url) => Number(url.port));
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

describe('stopping npm start', () => {
  // An IDE's stop button or a process manager signals the one process it started, not its group.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    it(`${signal} to the npm process alone closes every port it opened within 5 s`, async () => {
      const child = launchNpmStart(['--port', '0', '--memory']);
      try {
        const ports = printedPorts(await banner(child));
        expect(ports).toHaveLength(4);
        child.kill(signal);
        expect(await portsClosed(ports, 5_000)).toBeLessThanOrEqual(5_000);
      } finally {
        killGroup(child);
      }
    }, 90_000);

  it('SIGINT to the bootstrap (as Ctrl+C sends) closes every port within 5 s, and it exits cleanly', async () => {
    const child = launchNpmStart(['--port', '0', '--memory'], 'bootstrap');
    try {
      const ports = printedPorts(await banner(child));
      expect(ports).toHaveLength(4);
      child.kill('SIGINT');
      expect(await portsClosed(ports, 5_000)).toBeLessThanOrEqual(5_000);
      expect(await exited(child)).toBe(0);
    } finally {
      killGroup(child);
    }
  }, 90_000);
});

describe('npm start options, before any install or build', () => {
  // No ACCTKIT_START_PREPARED here: the answer must come before the install and build would run.
  const bootstrap = (args: string[]) =>
    run('node', ['tools/bootstrap.mjs', 'start', ...args], { cwd: repoRoot, env }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('--help prints every option and the port offsets, and runs nothing else', async () => {
    const { stdout } = (await bootstrap(['--', '--help'])) as { stdout: string };
    for (const flag of ['--port', '--mcp-port', '--remote-port', '--proxy-port', '--host', '--memory'])
      expect(stdout).toContain(flag);
    expect(stdout).toMatch(
      /sandbox\s+4010\n\s+MCP server\s+4011\n\s+remote MCP server\s+4012\n\s+signing proxy\s+4020/,
    );
    expect(stdout).not.toMatch(/pnpm|turbo|Tasks:/);
  });

  it('npm start --port 5300 (no --: npm takes the option as its own) fails at once with the command to run', async () => {
    const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name)));
    const failed = (await run('npm', ['start', '--port', '5300', '--memory'], {
      cwd: repoRoot,
      env: clean,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error)) as {
      code: number;
      stdout: string;
      stderr: string;
    };
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('acctkit: npm took --port, --memory as options of its own');
    expect(failed.stderr).toContain('Run: npm start -- --port 5300 --memory');
    expect(`${failed.stdout}${failed.stderr}`).not.toMatch(/pnpm install|Tasks:/);
  });

  it('a mistyped option fails at once with a suggestion', async () => {
    const failed = (await bootstrap(['--prot', '8080'])) as { code: number; stdout: string; stderr: string };
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Unknown option --prot. Did you mean --port?');
    expect(failed.stderr).toContain('npm start -- --help');
    expect(`${failed.stdout}${failed.stderr}`).not.toMatch(/pnpm install|Tasks:/);
  });
});
