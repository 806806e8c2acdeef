// The MCP Registry entry of @acctkit/mcp-server (packages/mcp-server/server.json): valid against the
// registry's published schema (vendored in tools/src/registry), in step with its package, and bumped
// with it by the release's version step.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import {
  checkServerJson,
  type ServerPackage,
  serverJsonFile,
  serverJsonProblems,
  serverSchema,
} from '../src/registry/check-server-json.ts';
import { syncServerJson } from '../src/registry/sync-server-json.ts';

const entry = JSON.parse(readFileSync(serverJsonFile, 'utf8')) as Record<string, unknown> & {
  packages: Record<string, unknown>[];
};
const pkg = JSON.parse(
  readFileSync(join(repoRoot, 'packages', 'mcp-server', 'package.json'), 'utf8'),
) as ServerPackage;
const work = mkdtempSync(join(tmpdir(), 'acctkit-server-json-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('server.json of @acctkit/mcp-server', () => {
  it('is valid against the 2025-12-11 schema and in step with the package', () => {
    expect(serverSchema.$id).toBe(
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    );
    expect(checkServerJson()).toEqual([]);
  });

  it('checks against the published schema, laid out by Biome but the same JSON value', () => {
    const value = JSON.stringify(serverSchema);
    expect(createHash('sha256').update(value).digest('hex')).toBe(
      '64cff5eeae54d30932207dfb38324e12eeaeb4abaa09f73dc42c9a9ca319f76e',
    );
  });

  it('is named after the package mcpName, in the namespace of the repository owner', () => {
    expect(pkg.mcpName).toBe(entry.name);
    const owner = /github\.com\/([^/]+)\//.exec(pkg.repository?.url ?? '')?.[1];
    expect(entry.name).toMatch(new RegExp(`^io\\.github\\.${owner}/`));
  });

  it('offers the remote server over Streamable HTTP', () => {
    expect(entry.remotes).toEqual([expect.objectContaining({ type: 'streamable-http' })]);
  });

  it('reports what is out of step', () => {
    const stale = structuredClone(entry);
    stale.version = '0.0.1';
    (stale.packages[0] as { version: string }).version = '0.0.1';
    expect(serverJsonProblems(stale, pkg)).toEqual([
      expect.stringMatching(/^version 0\.0\.1 is not/),
      expect.stringMatching(/^packages: @acctkit\/mcp-server@0\.0\.1 is not version/),
    ]);
    expect(serverJsonProblems(entry, { ...pkg, mcpName: 'io.github.someone/else' })).toEqual([
      expect.stringMatching(/^name io\.github\.acctkit\/acctkit is not mcpName/),
    ]);
    const unknownVariable = structuredClone(entry);
    (unknownVariable.packages[0] as { environmentVariables: unknown[] }).environmentVariables.push({
      name: 'ACCTKIT_NOT_READ',
    });
    expect(serverJsonProblems(unknownVariable, pkg)).toEqual([
      'packages: ACCTKIT_NOT_READ is not a variable the server reads',
    ]);
  });

  it('reports what the schema refuses', () => {
    const long = { ...entry, description: 'x'.repeat(101), remotes: [{ type: 'streamable-http' }] };
    const problems = serverJsonProblems(long, pkg);
    expect(problems).toContain('schema: /description must NOT have more than 100 characters');
    expect(problems.some((p) => p.startsWith('schema: /remotes/0'))).toBe(true);
  });

  it('the version step writes a new package version into both of its versions, and nothing else', () => {
    const dir = mkdtempSync(join(work, 'sync-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, version: '1.2.3' }));
    writeFileSync(join(dir, 'server.json'), readFileSync(serverJsonFile, 'utf8'));
    expect(syncServerJson(join(dir, 'server.json'))).toEqual({ version: '1.2.3', changed: true });
    const synced = JSON.parse(readFileSync(join(dir, 'server.json'), 'utf8'));
    expect(synced.version).toBe('1.2.3');
    expect(synced.packages[0].version).toBe('1.2.3');
    expect({ ...synced, version: entry.version, packages: entry.packages }).toEqual(entry);
    expect(checkServerJson(join(dir, 'server.json'))).toEqual([]);
    expect(syncServerJson(join(dir, 'server.json')).changed).toBe(false);
  });

  it('the release version step runs it after changeset version', () => {
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(root.scripts['version:packages']).toBe(
      'changeset version && tsx tools/src/registry/sync-server-json.ts',
    );
    const workflow = readFileSync(join(repoRoot, '.github', 'workflows', 'release.yml'), 'utf8');
    expect(workflow).toMatch(/version: pnpm version:packages/);
  });
});
