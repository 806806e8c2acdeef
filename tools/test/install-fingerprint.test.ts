import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { installFingerprint, workspaceManifests } from '../src/start/install-fingerprint.mjs';

describe('install fingerprint (npm start skips pnpm install when it is unchanged)', () => {
  let root: string;
  const write = (file: string, text: string): void => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'acctkit-fingerprint-'));
    write('pnpm-workspace.yaml', "packages:\n  - openapi\n  - 'packages/*'\n\ncatalog:\n  x: ^1.0.0\n");
    write('pnpm-lock.yaml', "lockfileVersion: '9.0'\n");
    write('package.json', '{"name":"root"}');
    write('openapi/package.json', '{"name":"openapi"}');
    write('packages/a/package.json', '{"name":"a"}');
    write('packages/b/package.json', '{"name":"b"}');
    mkdirSync(join(root, 'packages/empty'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads every package.json of the workspace, as pnpm-workspace.yaml lists them', () => {
    expect(workspaceManifests(root)).toEqual([
      'package.json',
      'openapi/package.json',
      'packages/a/package.json',
      'packages/b/package.json',
    ]);
  });

  it('is stable while nothing changes', () => {
    expect(installFingerprint(root, '10.0.0')).toBe(installFingerprint(root, '10.0.0'));
  });

  it.each([
    ['the lockfile', 'pnpm-lock.yaml'],
    ['a package manifest', 'packages/b/package.json'],
    ['the root manifest', 'package.json'],
    ['the workspace settings', 'pnpm-workspace.yaml'],
  ])('changes with %s', (_, file) => {
    const before = installFingerprint(root, '10.0.0');
    write(
      file,
      `${file === 'pnpm-workspace.yaml' ? "packages:\n  - openapi\n  - 'packages/*'\n" : '{}'}\n# changed\n`,
    );
    expect(installFingerprint(root, '10.0.0')).not.toBe(before);
  });

  it('changes with a new package, an .npmrc and the pnpm version', () => {
    const before = installFingerprint(root, '10.0.0');
    expect(installFingerprint(root, '10.0.1')).not.toBe(before);
    write('packages/empty/package.json', '{"name":"new"}');
    const withPackage = installFingerprint(root, '10.0.0');
    expect(withPackage).not.toBe(before);
    write('.npmrc', 'registry=https://registry.example/\n');
    expect(installFingerprint(root, '10.0.0')).not.toBe(withPackage);
  });

  it("lists this repository's packages", () => {
    const manifests = workspaceManifests(repoRoot);
    expect(manifests).toContain('tools/package.json');
    expect(manifests).toContain('packages/mcp-server/package.json');
  });
});
