import type { Output } from './io.js';
import { terminalJson, terminalText } from './terminal-text.js';

/** Writes a JSON value: indented on a terminal, one compact line otherwise (for pipes and `jq`). */
export function writeJson(out: Output, value: unknown): void {
  out.write(`${terminalJson(value, out.isTTY ? 2 : undefined)}\n`);
}

/**
 * Writes a response body: JSON re-printed by {@link writeJson}, anything else as it came but for
 * escape sequences and control characters.
 */
export function writeBody(out: Output, text: string): void {
  if (text === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const shown = terminalText(text);
    out.write(shown.endsWith('\n') ? shown : `${shown}\n`);
    return;
  }
  writeJson(out, parsed);
}
