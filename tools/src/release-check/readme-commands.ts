/**
 * The README sections that say how to use the packages from a clone, read as data: their `sh` blocks
 * (run by `pnpm release:check` as written) and their MCP client configurations (started with the MCP
 * SDK's client), so the READMEs cannot drift from what works.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../paths.ts';
import { tarballName, type WorkspacePackage } from './pack.ts';

/** One README's from-clone section. */
export interface FromCloneSection {
  /** The README, relative to the repository root. */
  readonly file: string;
  readonly heading: string;
  /** Its `sh` code blocks, in order. */
  readonly shell: readonly string[];
  /** The servers of its MCP client configurations (`mcpServers` or `servers` of a `json` block). */
  readonly mcpServers: readonly { readonly command: string; readonly args: readonly string[] }[];
  /** Its Markdown, for the footprint line. */
  readonly text: string;
}

/** A from-clone heading: `### From a clone, before it is published`, `### Using the packages from a clone, …`. */
const HEADING = /^(#{2,4}) ((?:Using the packages from|From) a clone\b.*)$/m;

/** The from-clone section of a README (up to the next heading of its level or above), if it has one. */
export function fromCloneSection(file: string, markdown: string): FromCloneSection | undefined {
  const found = HEADING.exec(markdown);
  if (!found) return undefined;
  const level = found[1]?.length ?? 2;
  const rest = markdown.slice(found.index + found[0].length);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(stripCode(rest));
  const text = next ? rest.slice(0, next.index) : rest;
  const blocks = [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)];
  const shell = blocks.filter((b) => b[1] === 'sh').map((b) => b[2] ?? '');
  const mcpServers = blocks
    .filter((b) => b[1] === 'json')
    .flatMap((b) => {
      const config = JSON.parse(b[2] ?? '{}') as {
        mcpServers?: Record<string, { command?: string; args?: string[] }>;
        servers?: Record<string, { command?: string; args?: string[] }>;
      };
      return Object.values(config.mcpServers ?? config.servers ?? {});
    })
    .filter((s): s is { command: string; args?: string[] } => typeof s.command === 'string')
    .map((s) => ({ command: s.command, args: s.args ?? [] }));
  return { file, heading: found[2] ?? '', shell, mcpServers, text };
}

/** Blanks out fenced code so a `#` comment line inside a block is not taken for a heading. */
function stripCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** The README files with a from-clone section: the root one first, then every public package's. */
export function readmeFiles(packages: readonly WorkspacePackage[]): string[] {
  return ['README.md', ...packages.map((p) => join(p.dir, 'README.md'))];
}

/** Every README's from-clone section (a README without one is an error). */
export function fromCloneSections(packages: readonly WorkspacePackage[]): FromCloneSection[] {
  return readmeFiles(packages).map((file) => {
    const section = fromCloneSection(file, readFileSync(join(repoRoot, file), 'utf8'));
    if (!section) throw new Error(`${file} has no "From a clone" section`);
    return section;
  });
}

/** The shell lines of a block, continuations joined and comments dropped. */
export function commandLines(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) =>
      line
        .replace(/(^|\s)#.*$/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** The tarballs an `npm install` line names, by file name (`acctkit-cli.tgz`). */
export function installedTarballs(line: string): string[] | undefined {
  if (!/^npm (install|i)\b/.test(line)) return undefined;
  return [...line.matchAll(/\.\/packed\/([\w.-]+\.tgz)/g)].map((m) => m[1] ?? '');
}

/**
 * Problems with an `npm install` line of tarballs: a tarball no package packs to, or an `@acctkit/*`
 * dependency of a named package left out (npm would then ask the registry for it).
 */
export function installLineProblems(line: string, packages: readonly WorkspacePackage[]): string[] {
  const names = installedTarballs(line);
  if (!names) return [];
  const byTarball = new Map(packages.map((p) => [tarballName(p.manifest.name), p.manifest]));
  const problems: string[] = [];
  const given = new Set<string>();
  for (const name of names) {
    const manifest = byTarball.get(name);
    if (!manifest) problems.push(`${name} is not a tarball pnpm pack:all writes`);
    else given.add(manifest.name);
  }
  for (const name of given) {
    const manifest = packages.find((p) => p.manifest.name === name)?.manifest;
    for (const dependency of Object.keys(manifest?.dependencies ?? {}))
      if (dependency.startsWith('@acctkit/') && !given.has(dependency))
        problems.push(
          `${name} needs ${dependency}: add ./packed/${tarballName(dependency)} to the same npm install`,
        );
  }
  return problems;
}

/** The footprint a README states: `Install footprint …: 23 packages, 1.8 MB`. */
export function statedFootprint(markdown: string): { packages: number; megabytes: number } | undefined {
  const m = /Install\s+footprint[\s\S]{0,80}?:\s+(\d+)\s+packages?,\s+([\d.]+)\s+MB/i.exec(markdown);
  return m ? { packages: Number(m[1]), megabytes: Number(m[2]) } : undefined;
}
