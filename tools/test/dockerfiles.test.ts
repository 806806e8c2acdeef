// The images of the two hosted services: the remote MCP server (packages/mcp-server/Dockerfile) and the
// edge proxy (packages/edge-proxy/Dockerfile). Where a Docker daemon answers, each is built from the
// repository root, started, and its health check's route called; where none does (a machine with the
// docker CLI only), those runs are reported skipped and dockerfilelint lints both files instead.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

const images = [
  { name: 'acctkit-mcp', dockerfile: 'packages/mcp-server/Dockerfile', port: 3001, health: '/healthz' },
  { name: 'acctkit-proxy', dockerfile: 'packages/edge-proxy/Dockerfile', port: 4020, health: '/healthz' },
] as const;

const dockerAnswers = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0;

function run(command: string, args: readonly string[], timeout = 900_000) {
  const result = spawnSync(command, [...args], { cwd: repoRoot, encoding: 'utf8', timeout });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

describe('Dockerfiles of the hosted services', () => {
  it.each(images)('$dockerfile passes dockerfilelint', ({ dockerfile }) => {
    const lint = run(join(repoRoot, 'tools', 'node_modules', '.bin', 'dockerfilelint'), [dockerfile], 60_000);
    expect(lint.output).toContain('Issues: None found');
    expect(lint.status).toBe(0);
  });

  it.each(images)(
    '$dockerfile builds reproducibly: pinned Node, pnpm and lockfile; never root',
    ({ dockerfile }) => {
      const text = readFileSync(join(repoRoot, dockerfile), 'utf8');
      const lock = readFileSync(join(repoRoot, 'pnpm-lock.yaml'), 'utf8');
      const pnpm = (
        JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager: string }
      ).packageManager;
      for (const from of text.match(/^FROM .+$/gm) ?? []) expect(from).toMatch(/^FROM node:\d+\.\d+\.\d+-/);
      expect(text).toContain(`npm install -g ${pnpm}`);
      expect(text).toContain('pnpm install --frozen-lockfile');
      // The SQLite module beside the deploy is the lockfile's version.
      const sqlite = /better-sqlite3@(\d+\.\d+\.\d+)/.exec(text)?.[1];
      expect(lock).toContain(`better-sqlite3@${sqlite}:`);
      expect(text).toMatch(/^USER node$/m);
      expect(text).toMatch(/^VOLUME \/data$/m);
      expect(text).toMatch(/^HEALTHCHECK /m);
      // Secrets travel in the environment or files: no argument names one.
      expect(text).not.toMatch(/--(token|admin-token|client-secret|signing-secret)[ =]/);
    },
  );

  it.skipIf(!dockerAnswers).each(images)(
    '$name: the image builds, starts and answers its health route (needs a Docker daemon)',
    async ({ name, dockerfile, port, health }) => {
      const tag = `${name}:test`;
      const build = run('docker', ['build', '-f', dockerfile, '-t', tag, '.']);
      expect(build.status, build.output).toBe(0);
      const key = `k1:${Buffer.alloc(32, 7).toString('base64url')}`;
      const env =
        name === 'acctkit-mcp'
          ? [
              '-e',
              `ACCTKIT_MCP_ENCRYPTION_KEYS=${key}`,
              '-e',
              'ACCTKIT_MCP_PUBLIC_URL=https://mcp.example.com',
            ]
          : [
              '-e',
              `ACCTKIT_PROXY_ENCRYPTION_KEYS=${key}`,
              '-e',
              'ACCTKIT_PROXY_UPSTREAM=https://api.accounting.example',
              '-e',
              'ACCTKIT_CLIENT_ID=test',
              '-e',
              'ACCTKIT_CLIENT_SECRET=test',
              '-e',
              'ACCTKIT_SIGNING_SECRET=test',
            ];
      const started = run('docker', ['run', '-d', '--rm', '-p', `127.0.0.1::${port}`, ...env, tag]);
      expect(started.status, started.output).toBe(0);
      const id = started.output.trim();
      try {
        const published =
          run('docker', ['port', id, String(port)])
            .output.trim()
            .split('\n')[0] ?? '';
        let status = 0;
        for (let i = 0; i < 60 && (status === 0 || status >= 500); i++) {
          status = await fetch(`http://${published}${health}`).then(
            (r) => r.status,
            () => 0,
          );
          if (status === 0) await new Promise((r) => setTimeout(r, 1000));
        }
        expect(status, run('docker', ['logs', id]).output).toBeGreaterThan(0);
        expect(status).toBeLessThan(500);
      } finally {
        run('docker', ['rm', '-f', id]);
      }
    },
    1_200_000,
  );
});
