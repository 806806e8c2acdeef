import type { BenchReport } from '@acctkit/testing/bench';
import { describe, expect, it } from 'vitest';
import { replaceBenchBlocks } from '../src/bench-readme/replace-blocks.ts';

const report = (bench: string, rows: string[][]): BenchReport => ({
  bench,
  measuredAt: '2026-11-27T18:00:00.000Z',
  node: 'v24.21.0',
  cores: 2,
  load: [1.2, 1.5, 1.7],
  tables: [{ title: 'Start-up, median of 15.', columns: ['Mode', 'Node 24 | cached'], rows }],
});

describe('pnpm bench:readme', () => {
  it('replaces what stands between a bench block’s markers with the report, and nothing outside', () => {
    const readme = [
      '# Pkg',
      '',
      '<!-- bench:start-up -->',
      'old table, typed by hand',
      '<!-- /bench:start-up -->',
      '',
      'After the block.',
      '',
    ].join('\n');
    const { text, replaced, missing } = replaceBenchBlocks(
      readme,
      new Map([
        [
          'start-up',
          report('start-up', [
            ['floor', '98 ms'],
            ['stored', '97 ms, 0.99×'],
          ]),
        ],
      ]),
    );
    expect(replaced).toEqual(['start-up']);
    expect(missing).toEqual([]);
    expect(text).not.toContain('old table');
    expect(
      text.startsWith(
        '# Pkg\n\n<!-- bench:start-up -->\nMeasured 2026-11-27 by `start-up` on 2 cores, Node v24.21.0, load 1.2 / 1.5 / 1.7',
      ),
    ).toBe(true);
    // A pipe inside a value is escaped, so the table keeps its columns.
    expect(text).toContain(
      '| Mode | Node 24 \\| cached |\n|---|---|\n| floor | 98 ms |\n| stored | 97 ms, 0.99× |\n<!-- /bench:start-up -->\n\nAfter the block.\n',
    );
  });

  it('is stable: regenerating from the same report changes nothing', () => {
    const reports = new Map([['a', report('a', [['x', '1']])]]);
    const once = replaceBenchBlocks('<!-- bench:a -->\n<!-- /bench:a -->\n', reports).text;
    expect(replaceBenchBlocks(once, reports).text).toBe(once);
  });

  it('keeps a block whose bench has not run and names it', () => {
    const readme = '<!-- bench:remote -->\nhand figures\n<!-- /bench:remote -->\n';
    const result = replaceBenchBlocks(readme, new Map());
    expect(result.text).toBe(readme);
    expect(result.missing).toEqual(['remote']);
  });

  it('refuses a block that is opened and never closed, instead of eating the rest of the README', () => {
    expect(() => replaceBenchBlocks('<!-- bench:a -->\nrest of the file\n', new Map())).toThrow(
      '<!-- /bench:a -->',
    );
  });
});
