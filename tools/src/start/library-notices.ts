import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { format } from 'node:util';
import { repoRoot } from '../paths.ts';

/** Where `npm start` writes what the libraries say while the services start that needs no action. */
export const START_LOG: string = join(repoRoot, '.acctkit', 'start.log');

/**
 * Warnings a library prints on every start of a service that `npm start` configures on purpose. Each is
 * written to the log instead of the terminal, where it would sit in the banner looking like a failure.
 */
const EXPECTED_NOTICES: readonly { readonly pattern: RegExp; readonly why: string }[] = [
  {
    // The MCP SDK's createMcpHandler prints this once per handler made with responseMode 'json'.
    pattern: /^responseMode: 'json' drops mid-call notifications\b/,
    why: 'the remote MCP server answers in JSON on purpose, so that a grant revoked during a request becomes a 401',
  },
];

/**
 * Runs `start` with `console.warn` sending the notices of EXPECTED_NOTICES to `log` (appended, with
 * the time and why it is expected) and every other warning to the terminal as usual.
 *
 * @param start - Starts the services.
 * @param log - The log file (default `.acctkit/start.log`).
 * @returns What `start` resolves to, once `console.warn` is restored.
 */
export async function withNoticesLogged<T>(start: () => Promise<T>, log: string = START_LOG): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]): void => {
    const text = format(...args);
    const expected = EXPECTED_NOTICES.find((n) => n.pattern.test(text));
    if (expected === undefined) {
      warn(...args);
      return;
    }
    try {
      mkdirSync(dirname(log), { recursive: true });
      appendFileSync(log, `${new Date().toISOString()} ${text}\n  (expected: ${expected.why})\n`);
    } catch {
      warn(...args);
    }
  };
  try {
    return await start();
  } finally {
    console.warn = warn;
  }
}
