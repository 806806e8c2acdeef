// A benchmark's figures as data, so the READMEs' performance tables are generated from the last run
// (`pnpm bench:readme`) instead of copied by hand. Node-only: benches run under Node and write files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One table of a bench's figures, rendered as a Markdown table in the README block of the bench. */
export interface BenchTable {
  /** The text above the table: what was measured and how (rounds, inputs, targets). */
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** What `.bench/<name>.json` holds: the run's machine facts beside its tables. */
export interface BenchReport {
  readonly bench: string;
  /** ISO date and time the report was written. */
  readonly measuredAt: string;
  readonly node: string;
  readonly cores: number;
  /** The 1-, 5- and 15-minute load averages when the run ended. */
  readonly load: readonly number[];
  readonly tables: readonly BenchTable[];
}

/** The repository's root: `.bench/` sits beside `pnpm-workspace.yaml`. */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Writes `.bench/<name>.json` at the repository's root and returns its path. `name` is the id the README
 * blocks use (`<!-- bench:name -->`): lowercase letters, digits and dashes.
 */
export function saveBenchReport(name: string, tables: readonly BenchTable[]): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new Error(`Bench name ${JSON.stringify(name)} is not a-z, 0-9, -.`);
  const report: BenchReport = {
    bench: name,
    measuredAt: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    load: loadavg().map((l) => Math.round(l * 10) / 10),
    tables,
  };
  const file = join(REPO_ROOT, '.bench', `${name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** The median of the values (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The 1-minute load average with one decimal, as benches print it beside each figure. */
export function loadNow(): string {
  return loadavg()[0]?.toFixed(1) ?? '?';
}
