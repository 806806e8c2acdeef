import { cloneCommandLines } from './clone-commands.ts';
import type { RunningService } from './service.ts';

/** The banner's last line: everything above it is printed once it appears. */
export const READY_LINE = 'Ready. Ctrl+C stops every service.';

/** What `npm start` prints: a section per service, then the ready line. */
export function banner(services: readonly RunningService[]): string {
  const sections = services.map((s) =>
    [`== ${s.name}: ${s.url}`, ...s.lines.map((line) => (line ? `  ${line}` : ''))].join('\n'),
  );
  const clone = ['== commands', ...cloneCommandLines().map((line) => `  ${line}`)].join('\n');
  return `acctkit is running.\n\n${sections.join('\n\n')}\n\n${clone}\n\n${READY_LINE}\n`;
}
