import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../src/paths.ts';
import { footprint, formatBytes, nativeBinary, nativeModules } from '../src/release-check/footprint.ts';
import {
  internalDependencies,
  missingBuildOutputs,
  tarballName,
  workspacePackages,
} from '../src/release-check/pack.ts';
import { publishOrder } from '../src/release-check/publish.ts';
import { nodeHeadersDir, userEnv, userNode } from '../src/release-check/user-shell.ts';

const root = mkdtempSync(join(tmpdir(), 'acctkit-footprint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a package folder with a manifest and one file of `bytes` bytes. */
function pkg(
  dir: string,
  manifest: Record<string, unknown>,
  bytes: number,
  extra: Record<string, string> = {},
): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'index.js'), 'x'.repeat(bytes));
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
}

describe('install footprint', () => {
  const nm = join(root, 'node_modules');
  pkg(
    join(nm, '@acctkit', 'app'),
    {
      name: '@acctkit/app',
      dependencies: { a: '1', b: '1' },
      peerDependencies: { p: '1', q: '1' },
      peerDependenciesMeta: { q: { optional: true } },
      optionalDependencies: { gone: '1' },
    },
    1000,
  );
  pkg(join(nm, 'a'), { name: 'a', dependencies: { b: '2' } }, 2000);
  pkg(join(nm, 'a', 'node_modules', 'b'), { name: 'b', version: '2' }, 3000);
  pkg(join(nm, 'b'), { name: 'b', version: '1', dependencies: { native: '1' } }, 4000);
  pkg(join(nm, 'native'), { name: 'native' }, 50_000, { 'binding.gyp': '{}' });
  pkg(join(nm, 'p'), { name: 'p' }, 100);
  pkg(join(nm, 'q'), { name: 'q' }, 200_000);
  pkg(join(nm, 'unrelated'), { name: 'unrelated' }, 300_000);

  it('follows dependencies the way Node resolves them, with required peers and without optional ones', async () => {
    const f = await footprint(join(nm, '@acctkit', 'app'));
    // app, a, a's own b@2, b@1, native, p: six packages; q (optional peer) and unrelated are not counted.
    expect(f.packages).toBe(6);
    expect(f.native.map((n) => [n.name, n.binary])).toStrictEqual([['native', 'downloaded']]);
    // Files are the index.js above plus each package.json; the native module is reported on its own.
    expect(f.bytes).toBeGreaterThanOrEqual(1000 + 2000 + 3000 + 4000 + 100);
    expect(f.bytes).toBeLessThan(50_000);
  });

  it('tells a binary shipped in the package from one compiled at install', () => {
    pkg(join(root, 'kinds', 'prebuilt'), { name: 'prebuilt' }, 1, { 'binding.gyp': '{}' });
    mkdirSync(join(root, 'kinds', 'prebuilt', 'prebuilds'));
    pkg(join(root, 'kinds', 'compiled'), { name: 'compiled' }, 1, { 'binding.gyp': '{}' });
    mkdirSync(join(root, 'kinds', 'compiled', 'build', 'Release', 'obj.target'), { recursive: true });
    expect(nativeBinary(join(root, 'kinds', 'prebuilt'))).toBe('prebuilt');
    expect(nativeBinary(join(root, 'kinds', 'compiled'))).toBe('compiled');
  });

  it('finds native modules anywhere in node_modules', async () => {
    expect(await nativeModules(nm)).toStrictEqual(['native']);
  });

  it('fails when a dependency is not installed', async () => {
    pkg(join(root, 'broken', 'node_modules', 'x'), { name: 'x', dependencies: { missing: '1' } }, 1);
    await expect(footprint(join(root, 'broken', 'node_modules', 'x'))).rejects.toThrow('x needs missing');
  });

  it('prints sizes in decimal units, as npm does', () => {
    expect(formatBytes(1_949_000)).toBe('1.9 MB');
    expect(formatBytes(115_200)).toBe('115 kB');
  });
});

describe('packing', () => {
  it('names each tarball without its version, as pnpm pack --out %s.tgz does', () => {
    expect(tarballName('@acctkit/mcp-server')).toBe('acctkit-mcp-server.tgz');
  });

  it('knows which @acctkit packages each one needs beside it', () => {
    const cli = workspacePackages().find((p) => p.manifest.name === '@acctkit/cli');
    expect(internalDependencies(cli?.manifest ?? { name: '', version: '' }).sort()).toStrictEqual([
      '@acctkit/change-journal',
      '@acctkit/client',
      '@acctkit/reconcile',
      '@acctkit/signer',
    ]);
  });

  it('names the build outputs a manifest points at that do not exist', () => {
    expect(
      missingBuildOutputs({
        dir: 'packages/cli',
        manifest: { name: 'x', version: '0.0.0', bin: { x: './dist/nothing.js' } },
      }),
    ).toStrictEqual(['packages/cli/dist/nothing.js']);
  });
});

describe("the user's shell", () => {
  it('has nothing of the workspace: no pnpm or npm script variables, no repository folder on the PATH', () => {
    const saved = { ...process.env };
    process.env.npm_config_frozen_lockfile = 'true';
    process.env.npm_lifecycle_event = 'release:check';
    process.env.PATH = [join(repoRoot, 'node_modules', '.bin'), process.env.PATH].join(delimiter);
    try {
      const env = userEnv(userNode('node22'), ['/prefix/bin']);
      expect(env.npm_config_frozen_lockfile).toBeUndefined();
      expect(env.npm_lifecycle_event).toBeUndefined();
      const path = env.PATH?.split(delimiter) ?? [];
      expect(path[0]).toBe('/prefix/bin');
      expect(path[1]).toBe(join(repoRoot, 'tools', 'node_modules', 'node22', 'bin'));
      expect(path.slice(2).some((dir) => dir.startsWith(repoRoot))).toBe(false);
    } finally {
      process.env = saved;
    }
  });

  // The `node` packages unpack their headers in their install script; pnpm's side-effects cache can
  // restore a package without them (a second clone on one machine). Then there is nothing to point
  // npm at, and the release check compiles nothing on Node 22/24 anyway (better-sqlite3 13 ships binaries).
  const headers = (['node22', 'node24'] as const).map((name) => ({
    name,
    dir: nodeHeadersDir(userNode(name).binary),
  }));
  it.runIf(headers.every((h) => h.dir !== undefined))(
    'compiles native modules against the headers of the Node that runs npm',
    () => {
      for (const { name, dir } of headers) {
        expect(readFileSync(join(dir ?? '', 'include', 'node', 'node_version.h'), 'utf8')).toContain(
          `#define NODE_MAJOR_VERSION ${name.slice(4)}`,
        );
        expect(userEnv(userNode(name)).npm_config_nodedir).toBe(dir);
      }
    },
  );
});

describe('wiring', () => {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it('pnpm pack:all and pnpm release:check run the scripts of tools/src/release-check', () => {
    expect(manifest.scripts['pack:all']).toBe('tsx tools/src/release-check/pack.ts');
    expect(manifest.scripts['release:check']).toBe('tsx tools/src/release-check/index.ts');
  });

  it('npm test runs the release check', () => {
    expect(readFileSync(join(repoRoot, 'tools', 'bootstrap.mjs'), 'utf8')).toMatch(
      /\[\s*'run',\s*'release:check'\s*\]/,
    );
  });

  it('the packed folder is not committed', () => {
    expect(readFileSync(join(repoRoot, '.gitignore'), 'utf8').split('\n')).toContain('packed/');
  });
});

describe('releases', () => {
  const workflow = (name: string) =>
    // biome-ignore lint/suspicious/noExplicitAny: a parsed workflow file, read field by field below
    parse(readFileSync(join(repoRoot, '.github', 'workflows', name), 'utf8')) as any;

  it('publishes each package after every @acctkit package it depends on, peers included', () => {
    const order = publishOrder(workspacePackages()).map((p) => p.manifest.name);
    const before = (a: string, b: string) =>
      expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));
    before('@acctkit/openapi', '@acctkit/signer');
    before('@acctkit/signer', '@acctkit/client');
    before('@acctkit/client', '@acctkit/cli');
    before('@acctkit/token-vault', '@acctkit/mcp-server');
    before('@acctkit/sandbox', '@acctkit/mcp-server');
    before('@acctkit/sandbox', '@acctkit/edge-proxy');
    for (const { manifest } of workspacePackages())
      for (const dependency of [
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ])
        if (dependency.startsWith('@acctkit/')) before(dependency, manifest.name);
  });

  it('refuses a dependency cycle', () => {
    const pkg = (name: string, dependency: string) => ({
      dir: name,
      manifest: { name, version: '0.0.0', dependencies: { [dependency]: 'workspace:*' } },
    });
    expect(() => publishOrder([pkg('@acctkit/a', '@acctkit/b'), pkg('@acctkit/b', '@acctkit/a')])).toThrow(
      'cycle',
    );
  });

  it('CI runs npm test, with the release check on every Node', () => {
    const ci = workflow('ci.yml');
    const steps = ci.jobs.test.steps as { run?: string }[];
    expect(steps.at(-1)?.run).toBe('npm test');
    expect(ci.jobs.test.env.ACCTKIT_RELEASE_CHECK_NATIVE).toBe('all');
    expect(Object.keys(ci.on)).toContain('pull_request');
    expect(Object.keys(ci.on)).toContain('workflow_call');
  });

  it('the release workflow runs from main only, after npm test, and publishes with provenance and no npm token', () => {
    const release = workflow('release.yml');
    expect(release.on).toStrictEqual({ push: { branches: ['main'] } });
    expect(release.jobs.test.uses).toBe('./.github/workflows/ci.yml');
    const job = release.jobs.release;
    expect(job.needs).toBe('test');
    expect(job.if).toContain("github.ref == 'refs/heads/main'");
    expect(job.permissions['id-token']).toBe('write');
    const action = (
      job.steps as { uses?: string; with?: Record<string, string>; env?: Record<string, string> }[]
    ).find((s) => s.uses?.startsWith('changesets/action@'));
    expect(action?.with?.version).toBe('pnpm version:packages');
    expect(action?.with?.publish).toBe('pnpm exec tsx tools/src/registry/npm-publish.ts');
    expect(action?.env?.NPM_CONFIG_PROVENANCE).toBe('true');
    // Trusted publishing: the workflow's OIDC identity, never a long-lived npm token.
    expect(JSON.stringify(release)).not.toMatch(/NPM_TOKEN|NODE_AUTH_TOKEN/);
  });
});
