/**
 * `pnpm bench:readme`: regenerates the performance tables of every README from the last bench runs.
 * Each bench writes `.bench/<name>.json` (saveBenchReport of @acctkit/testing/bench); each README marks
 * where a report goes with `<!-- bench:name -->` … `<!-- /bench:name -->`. Blocks whose bench has not run
 * on this machine keep their text and are listed. Run the benches first (`pnpm bench`, one at a time).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BenchReport } from '@acctkit/testing/bench';
import { replaceBenchBlocks } from './bench-readme/replace-blocks.ts';
import { repoRoot } from './paths.ts';

function reports(): Map<string, BenchReport> {
  const folder = join(repoRoot, '.bench');
  const found = new Map<string, BenchReport>();
  if (!existsSync(folder)) return found;
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(folder, file), 'utf8')) as BenchReport;
    found.set(report.bench, report);
  }
  return found;
}

const readmes = [
  join(repoRoot, 'README.md'),
  ...readdirSync(join(repoRoot, 'packages')).map((p) => join(repoRoot, 'packages', p, 'README.md')),
].filter((file) => existsSync(file));
const found = reports();
let missing = 0;
for (const file of readmes) {
  const before = readFileSync(file, 'utf8');
  const result = replaceBenchBlocks(before, found);
  if (result.text !== before) writeFileSync(file, result.text);
  for (const name of result.replaced)
    process.stdout.write(`${relative(repoRoot, file)}: ${name} regenerated\n`);
  for (const name of result.missing) {
    missing++;
    process.stdout.write(
      `${relative(repoRoot, file)}: ${name} kept (no .bench/${name}.json: run its bench first)\n`,
    );
  }
}
if (found.size === 0) process.stdout.write('No bench reports in .bench/: run `pnpm bench` first.\n');
process.exitCode = missing > 0 && process.argv.includes('--strict') ? 1 : 0;
