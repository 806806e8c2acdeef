// axe-core in a card's frame: the WCAG 2.1 A and AA rules, run where the card is (its own document in
// the sandboxed iframe). The source is evaluated through the browser's debugging protocol, which the
// card's content security policy does not govern; axe itself makes no request.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';

/** One rule axe found broken, with the elements that break it. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly string[];
}

let source: Promise<string> | undefined;

function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * Runs axe's WCAG 2.1 A and AA rules on the card's document; returns the violations (none is a pass).
 *
 * @param frame - the card's frame.
 */
export async function axeViolations(frame: Frame): Promise<AxeViolation[]> {
  await frame.evaluate(await axeSource());
  return frame.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
  });
}
