import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { type Manifest, workspacePackages } from '../src/release-check/pack.ts';

const packages = workspacePackages();
const byName = new Map(packages.map((p) => [p.manifest.name, p.manifest]));

/** The release plan `changeset version` would apply now. */
function releasePlan(): { releases: { name: string; type: string; newVersion: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'acctkit-plan-'));
  try {
    const out = join(dir, 'plan.json');
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'changeset'),
      ['status', '--output', out],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`changeset status failed:\n${result.stdout}${result.stderr}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Names of every package a package needs at run time, across the workspace (third-party ones included). */
function runtimeClosure(name: string): Set<string> {
  const seen = new Set<string>();
  const queue = [name];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const dependency of Object.keys(byName.get(next)?.dependencies ?? {})) queue.push(dependency);
  }
  return seen;
}

const optionalPeer = (m: Manifest, name: string): boolean =>
  m.peerDependencies?.[name] !== undefined && m.peerDependenciesMeta?.[name]?.optional === true;

describe('versions and releases', () => {
  it('the first release takes every unreleased public package from 0.0.0 to 0.1.0', () => {
    const unreleased = packages.filter((p) => p.manifest.version === '0.0.0').map((p) => p.manifest.name);
    if (unreleased.length === 0) return;
    const plan = new Map(releasePlan().releases.map((r) => [r.name, r.newVersion]));
    for (const name of unreleased) expect(plan.get(name), name).toBe('0.1.0');
  });

  it('a minor release of the sandbox does not make its optional peers (MCP server, proxy) major', () => {
    const config = JSON.parse(readFileSync(join(repoRoot, '.changeset', 'config.json'), 'utf8'));
    expect(
      config.___experimentalUnsafeOptions_WILL_CHANGE_IN_PATCH?.onlyUpdatePeerDependentsWhenOutOfRange,
    ).toBe(true);
    for (const { manifest } of packages)
      for (const [peer, range] of Object.entries(manifest.peerDependencies ?? {}))
        if (peer.startsWith('@acctkit/')) expect(range, `${manifest.name} → ${peer}`).toBe('0.x');
  });

  it('every public package states the Node versions it supports', () => {
    for (const { manifest } of packages)
      expect(manifest.engines?.node, manifest.name).toMatch(/^>=20(\.\d+)*$/);
  });
});

describe('lean installs: only the features that use SQLite bring a native module', () => {
  for (const name of [
    '@acctkit/cli',
    '@acctkit/mcp-server',
    '@acctkit/edge-proxy',
    '@acctkit/token-vault',
    '@acctkit/client',
  ])
    it(`${name} needs neither better-sqlite3 nor the sandbox at run time`, () => {
      const closure = runtimeClosure(name);
      expect(closure.has('better-sqlite3')).toBe(false);
      expect(closure.has('@acctkit/sandbox')).toBe(false);
    });

  for (const name of ['@acctkit/mcp-server', '@acctkit/edge-proxy'])
    it(`${name} takes @acctkit/sandbox (--sandbox) and better-sqlite3 (SQLite storage) as optional peers, and tests with both`, () => {
      const manifest = byName.get(name) as Manifest;
      expect(optionalPeer(manifest, '@acctkit/sandbox')).toBe(true);
      expect(optionalPeer(manifest, 'better-sqlite3')).toBe(true);
      expect(manifest.devDependencies?.['@acctkit/sandbox']).toBe('workspace:*');
      expect(manifest.devDependencies?.['better-sqlite3']).toBeDefined();
    });

  it('the sandbox takes better-sqlite3 13 where it runs (Node 22+, binaries in the package) and 12 on Node 20', () => {
    // npm picks the highest version whose engines fit the Node that installs; 12 crashes on Node 24.
    const range = byName.get('@acctkit/sandbox')?.dependencies?.['better-sqlite3'] ?? '';
    expect(range.split('||').map((r) => r.trim().split('.')[0])).toStrictEqual(['^12', '^13']);
  });

  it('@acctkit/token-vault loads better-sqlite3 only for its SQLite storage (an optional peer)', () => {
    expect(optionalPeer(byName.get('@acctkit/token-vault') as Manifest, 'better-sqlite3')).toBe(true);
  });
});
