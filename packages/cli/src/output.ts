import type { Output } from './io.js';

/** Writes a JSON value: indented on a terminal, one compact line otherwise (for pipes and `jq`). */
export function writeJson(out: Output, value: unknown): void {
  out.write(`${JSON.stringify(value, null, out.isTTY ? 2 : undefined)}\n`);
}

/** Writes a response body: JSON re-printed by {@link writeJson}, anything else as it came. */
export function writeBody(out: Output, text: string): void {
  if (text === '') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    out.write(text.endsWith('\n') ? text : `${text}\n`);
    return;
  }
  writeJson(out, parsed);
}
