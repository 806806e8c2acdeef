// Plain JavaScript: tools/bootstrap.mjs reads it before anything is installed. Types:
// install-fingerprint.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The workspace's package.json files, relative to `root`: the root's, and one per folder that
 * pnpm-workspace.yaml's `packages` lists (a name, or `folder/*` for each folder in it).
 */
export function workspaceManifests(root) {
  const patterns = [];
  let inPackages = false;
  for (const line of readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^\S/.test(line)) inPackages = line.startsWith('packages:');
    else if (inPackages && /^\s+-\s/.test(line))
      patterns.push(
        line
          .replace(/^\s+-\s+/, '')
          .replace(/['"]/g, '')
          .trim(),
      );
  }
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
  return [
    'package.json',
    ...dirs.map((dir) => `${dir}/package.json`).filter((file) => existsSync(join(root, file))),
  ];
}

/**
 * What `pnpm install` reads, hashed (SHA-256, hex): the lockfile, the workspace settings, .npmrc and
 * every package.json, plus the pnpm version and Node's module ABI (native modules are built for it).
 * When it equals the one stored after the last successful install, installing again changes nothing.
 */
export function installFingerprint(root, pnpmVersion) {
  const hash = createHash('sha256');
  hash.update(`pnpm ${pnpmVersion}\nnode ABI ${process.versions.modules}\n`);
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc', ...workspaceManifests(root)]) {
    const path = join(root, file);
    hash.update(`${file}\0${existsSync(path) ? readFileSync(path, 'utf8') : '(none)'}\0`);
  }
  return hash.digest('hex');
}
