import { createInterface } from 'node:readline';
import { CliError } from './cli-error.js';
import type { Io } from './io.js';

/**
 * Asks a yes/no question before a command writes to the books: on stderr, answered by a line on the
 * terminal; only `y` or `yes` agrees, anything else (or the end of input) declines. `--yes` agrees
 * without asking. When stdin is not a terminal nobody can answer, so the command refuses instead of
 * guessing: a script says `--yes`.
 *
 * @param io - Where to ask and read.
 * @param question - The question, without the `[y/N]`.
 * @param yes - Whether `--yes` was given.
 * @throws CliError `USAGE` when stdin is not a terminal and `--yes` was not given.
 */
export async function confirm(io: Io, question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  const input = io.stdin ?? process.stdin;
  if ((input as { isTTY?: boolean }).isTTY !== true)
    throw new CliError(
      'USAGE',
      'This asks before it books, and stdin is not a terminal to answer on: add --yes to book without asking.',
    );
  io.stderr.write(`${question} [y/N] `);
  const lines = createInterface({ input, terminal: false });
  try {
    const answer = await new Promise<string>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(''));
    });
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    lines.close();
    // A paused terminal stream still keeps the process alive until unref'd.
    (input as { unref?: () => void }).unref?.();
  }
}
