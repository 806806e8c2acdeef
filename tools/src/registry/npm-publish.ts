/**
 * Publishes every public package whose version is not on npm yet, each after the `@acctkit` packages
 * it needs (`publishOrder`; a run that stopped half way can be repeated), through npm's trusted
 * publishing: each package is packed with pnpm (which turns
 * `workspace:*` ranges into versions) and the tarball published with `npm publish`, which exchanges the
 * workflow's GitHub OIDC token for a short-lived publish token (npm 11.5.1 or newer, `id-token: write`)
 * and records provenance. No npm token is read or needed. Then tags the released versions
 * (`changeset tag`), whose `New tag:` lines tell changesets/action what to make GitHub releases of.
 *
 *   pnpm exec tsx tools/src/registry/npm-publish.ts [--dry-run]     (.github/workflows/release.yml)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../paths.ts';
import { pnpmCommand, workspacePackages } from '../release-check/pack.ts';
import { publishOrder } from '../release-check/publish.ts';

function isPublished(name: string, version: string): boolean {
  const result = spawnSync('npm', ['view', `${name}@${version}`, 'version'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return result.status === 0 && result.stdout.trim() === version;
}

function main(): void {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' } } });
  const pnpm = pnpmCommand();
  const work = mkdtempSync(join(tmpdir(), 'acctkit-publish-'));
  for (const { dir, manifest } of publishOrder(workspacePackages())) {
    const label = `${manifest.name}@${manifest.version}`;
    if (isPublished(manifest.name, manifest.version)) {
      console.log(`already published  ${label}`);
      continue;
    }
    console.log(`publishing         ${label}`);
    const destination = mkdtempSync(join(work, 'pack-'));
    const packed = spawnSync(pnpm.command, [...pnpm.args, 'pack', '--pack-destination', destination], {
      cwd: join(repoRoot, dir),
      stdio: 'inherit',
    });
    const tarball = readdirSync(destination).find((file) => file.endsWith('.tgz'));
    const published =
      packed.status === 0 && tarball
        ? spawnSync(
            'npm',
            [
              'publish',
              join(destination, tarball),
              '--access',
              'public',
              '--provenance',
              ...(values['dry-run'] ? ['--dry-run'] : []),
            ],
            { cwd: join(repoRoot, dir), stdio: 'inherit' },
          )
        : undefined;
    if (published?.status !== 0) {
      console.error(
        `publishing ${label} failed; fix the cause and run this again: it skips what is published`,
      );
      process.exit(1);
    }
  }
  if (values['dry-run']) return;
  const tag = spawnSync(join(repoRoot, 'node_modules', '.bin', 'changeset'), ['tag'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  process.exit(tag.status ?? 1);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) main();
