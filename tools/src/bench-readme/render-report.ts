// One bench report (`.bench/<name>.json`, written by `saveBenchReport` of @acctkit/testing/bench) as the
// Markdown that stands between its README markers.
import type { BenchReport } from '@acctkit/testing/bench';

/** A table cell: pipes escaped, line breaks flattened, so one value never breaks the table. */
function cell(value: string): string {
  return value.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The report's machine line and tables, in Markdown, ending with a newline. */
export function renderReport(report: BenchReport): string {
  const day = report.measuredAt.slice(0, 10);
  const lines: string[] = [
    `Measured ${day} by \`${report.bench}\` on ${report.cores} cores, Node ${report.node}, load ${report.load.join(' / ')} (1, 5, 15 min) at the end of the run. Regenerated from the run by \`pnpm bench:readme\`.`,
  ];
  for (const table of report.tables) {
    lines.push('', table.title, '');
    lines.push(`| ${table.columns.map(cell).join(' | ')} |`);
    lines.push(`|${table.columns.map(() => '---').join('|')}|`);
    for (const row of table.rows) {
      const cells = table.columns.map((_, i) => cell(row[i] ?? ''));
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
