// The bench blocks of a README: `<!-- bench:name -->` … `<!-- /bench:name -->`, each regenerated from
// the report of that name, everything outside them left as it was.
import type { BenchReport } from '@acctkit/testing/bench';
import { renderReport } from './render-report.ts';

const BLOCK = /<!-- bench:([a-z0-9-]+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g;

/** What happened to one README: its new text and the block names replaced or left (no report). */
export interface ReplacedBlocks {
  readonly text: string;
  readonly replaced: readonly string[];
  readonly missing: readonly string[];
}

/**
 * Replaces each bench block of `text` whose report is in `reports`; a block without a report keeps its
 * content and is named in `missing`. An opening marker without its closing one is an error: the text
 * after it would otherwise be taken for the block.
 */
export function replaceBenchBlocks(text: string, reports: ReadonlyMap<string, BenchReport>): ReplacedBlocks {
  const opened = [...text.matchAll(/<!-- bench:([a-z0-9-]+) -->/g)].map((m) => m[1] as string);
  const closed = new Set([...text.matchAll(/<!-- \/bench:([a-z0-9-]+) -->/g)].map((m) => m[1] as string));
  const unclosed = opened.filter((name) => !closed.has(name));
  if (unclosed.length > 0) throw new Error(`bench block without <!-- /bench:${unclosed[0]} -->`);
  const replaced: string[] = [];
  const missing: string[] = [];
  const next = text.replace(BLOCK, (whole, name: string) => {
    const report = reports.get(name);
    if (!report) {
      missing.push(name);
      return whole;
    }
    replaced.push(name);
    return `<!-- bench:${name} -->\n${renderReport(report)}<!-- /bench:${name} -->`;
  });
  return { text: next, replaced, missing };
}
