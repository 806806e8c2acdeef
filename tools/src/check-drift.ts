/**
 * Fails when the committed bundles or generated types differ from what the YAML sources produce, or
 * when the repository's copy of the interface spec differs from the one beside the repository.
 *
 *   pnpm check:drift
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { bundleSpec } from './bundle-spec.ts';
import { generateTypes } from './generate-types.ts';
import { bundleDir, generatedDir, interfaceSpecCopy, interfaceSpecShared, repoRoot } from './paths.ts';

async function compareDirs(committed: string, fresh: string, fix: string): Promise<string[]> {
  const problems: string[] = [];
  const freshFiles = (await readdir(fresh)).sort();
  const committedFiles = existsSync(committed) ? (await readdir(committed)).sort() : [];
  for (const name of freshFiles) {
    const want = await readFile(join(fresh, name), 'utf8');
    const path = join(committed, name);
    if (!existsSync(path)) {
      problems.push(`${relative(repoRoot, path)} is missing: run ${fix}`);
    } else if ((await readFile(path, 'utf8')) !== want) {
      problems.push(`${relative(repoRoot, path)} is out of date: run ${fix} and commit the result`);
    }
  }
  for (const name of committedFiles) {
    if (!freshFiles.includes(name))
      problems.push(`${relative(repoRoot, join(committed, name))} is not generated any more: delete it`);
  }
  return problems;
}

/** Returns one line per drifted file; empty when everything is in step. */
export async function checkDrift(): Promise<string[]> {
  const work = await mkdtemp(join(tmpdir(), 'acctkit-drift-'));
  try {
    const freshBundles = join(work, 'dist');
    const freshTypes = join(work, 'generated');
    await bundleSpec(freshBundles);
    await generateTypes(freshBundles, freshTypes);
    const problems = [
      ...(await compareDirs(bundleDir, freshBundles, 'pnpm spec:bundle')),
      ...(await compareDirs(generatedDir, freshTypes, 'pnpm gen')),
    ];
    if (existsSync(interfaceSpecShared)) {
      const [shared, copy] = await Promise.all([
        readFile(interfaceSpecShared, 'utf8'),
        readFile(interfaceSpecCopy, 'utf8').catch(() => ''),
      ]);
      if (shared !== copy) {
        problems.push(
          `${relative(repoRoot, interfaceSpecCopy)} differs from the interface spec beside the repository: copy it over and review the spec`,
        );
      }
    }
    return problems;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  const problems = await checkDrift();
  for (const line of problems) console.error(`drift: ${line}`);
  if (problems.length > 0) process.exit(1);
  console.log('drift check: bundles, generated types and the interface spec copy are up to date');
}
