import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { tarballName, workspacePackages } from '../src/release-check/pack.ts';
import {
  commandLines,
  fromCloneSection,
  fromCloneSections,
  installedTarballs,
  installLineProblems,
  statedFootprint,
} from '../src/release-check/readme-commands.ts';

// What these sections say is run as written by `pnpm release:check` (a step of `npm test`); these
// tests check, without installing anything, that each says enough for that run to mean something.
const packages = workspacePackages();
const sections = fromCloneSections(packages);
const sectionOf = (dir: string) => sections.find((s) => s.file === join(dir, 'README.md'));

describe('reading a from-clone section', () => {
  const markdown = [
    '## Install',
    '### From a clone, before it is published',
    'Text.',
    '```sh',
    '# a comment, not a heading',
    'npm install -g ./packed/acctkit-cli.tgz \\',
    '  ./packed/acctkit-client.tgz   # trailing comment',
    '```',
    '```json',
    '{ "mcpServers": { "a": { "command": "acctkit-mcp", "args": ["--sandbox"] } } }',
    '```',
    '### Next',
    '```sh',
    'not this',
    '```',
  ].join('\n');

  it('takes the sh blocks and MCP configurations up to the next heading of its level', () => {
    const section = fromCloneSection('README.md', markdown);
    expect(section?.shell).toHaveLength(1);
    expect(section?.mcpServers).toStrictEqual([{ command: 'acctkit-mcp', args: ['--sandbox'] }]);
    expect(commandLines(section?.shell[0] ?? '')).toStrictEqual([
      'npm install -g ./packed/acctkit-cli.tgz ./packed/acctkit-client.tgz',
    ]);
  });

  it('finds no section in a README without one', () => {
    expect(fromCloneSection('README.md', '# x\n## Install\n')).toBeUndefined();
  });

  it('names what an install line leaves out', () => {
    expect(installedTarballs('acctkit --version')).toBeUndefined();
    expect(installLineProblems('npm install -g ./packed/acctkit-cli.tgz', packages)).toContain(
      '@acctkit/cli needs @acctkit/client: add ./packed/acctkit-client.tgz to the same npm install',
    );
    expect(installLineProblems('npm install ./packed/acctkit-nothing.tgz', packages)).toStrictEqual([
      'acctkit-nothing.tgz is not a tarball pnpm pack:all writes',
    ]);
  });

  it('reads a stated footprint', () => {
    expect(statedFootprint('Install footprint (measured by x): 23 packages, 1.9 MB, nothing')).toStrictEqual({
      packages: 23,
      megabytes: 1.9,
    });
  });
});

describe('the READMEs say how to use each package from a clone', () => {
  it('the root README packs everything with npm run pack:all', () => {
    expect(sections[0]?.file).toBe('README.md');
    expect(sections[0]?.shell.flatMap(commandLines)).toContain('npm run pack:all');
  });

  it('the root README runs every bin from the clone without installing it', () => {
    const lines = sections[0]?.shell.flatMap(commandLines) ?? [];
    for (const { dir, manifest } of packages)
      for (const target of Object.values(manifest.bin ?? {}))
        expect(lines.some((l) => l.startsWith(`node ${join(dir, target)} `))).toBe(true);
  });

  for (const { dir, manifest } of packages)
    describe(`${dir}/README.md`, () => {
      const section = sectionOf(dir);
      const lines = section?.shell.flatMap(commandLines) ?? [];

      it('installs its own tarball with every @acctkit package it needs, in one npm install', () => {
        const installs = lines.filter((l) => installedTarballs(l)?.includes(tarballName(manifest.name)));
        expect(installs.length).toBeGreaterThan(0);
        for (const line of lines) expect(installLineProblems(line, packages), line).toStrictEqual([]);
      });

      it('then uses what it installed', () => {
        const bins = Object.keys(manifest.bin ?? {});
        if (bins.length > 0) expect(lines.some((l) => bins.some((b) => l.startsWith(`${b} `)))).toBe(true);
        else expect(lines.some((l) => l.includes(manifest.name))).toBe(true);
      });

      if (manifest.bin)
        it('states the install footprint that release:check measures', () => {
          expect(statedFootprint(readFileSync(join(repoRoot, dir, 'README.md'), 'utf8'))).toBeDefined();
        });
    });

  it('the MCP server README shows an MCP client configuration that starts the installed acctkit-mcp', () => {
    expect(sectionOf('packages/mcp-server')?.mcpServers).toContainEqual({
      command: 'acctkit-mcp',
      args: ['--sandbox'],
    });
  });
});
