import { AccountingError } from '@acctkit/client';
import { ConnectionStoreError } from '@acctkit/client/node';
import { CliError } from './cli-error.js';
import { type Command, commandHelp, parseCommandArgs } from './command.js';
import { changes } from './commands/changes.js';
import { connections } from './commands/connections.js';
import { debugSignature } from './commands/debug-signature.js';
import { login } from './commands/login.js';
import { reconcile } from './commands/reconcile.js';
import { request } from './commands/request.js';
import { sign } from './commands/sign.js';
import { didYouMean } from './did-you-mean.js';
import type { Io } from './io.js';
import { terminalText } from './terminal-text.js';
import { VERSION } from './version.js';

/** Every command, in the order `acctkit --help` lists them. */
const COMMANDS: readonly Command[] = [login, connections, request, changes, reconcile, sign, debugSignature];

/** The text of `acctkit --help`. */
function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `acctkit ${VERSION}: connect a business, make signed calls, reconcile bank statements and debug signatures from the shell.`,
    '',
    'Usage: acctkit <command> [options]   (acctkit <command> --help for its options)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Configuration, first match wins: flags, then ACCTKIT_* environment variables, then the config file',
    '$XDG_CONFIG_HOME/acctkit/config.json (ACCTKIT_CONFIG_FILE overrides; profiles such as "sandbox" and',
    '"production"). Connections live in $XDG_CONFIG_HOME/acctkit/connections.json (ACCTKIT_CONNECTIONS_FILE),',
    'mode 0600, tokens only: app secrets come from flags, the environment or the config file.',
    '',
    'Exit codes: 0 done, 1 the service answered 4xx/5xx (or a signature differs), 2 usage, 3 configuration,',
    'connection, login or network failure. reconcile exits 2 too for a statement file it cannot read or a bank',
    'account it cannot find.',
    '',
  ].join('\n');
}

/**
 * Runs the `acctkit` command line with `argv` (without `node` and the script) and resolves to the exit
 * code. Errors are reported on `io.stderr` as one line, never with a secret.
 *
 * @param argv - The arguments, for example `['request', 'GET', '/core/v2/business']`.
 * @param io - Where to write, the environment, and optionally a browser opener and a fetch.
 * @returns The exit code.
 * @example
 * ```ts
 * import { run } from '@acctkit/cli';
 * const code = await run(['connections', 'list'], { stdout: process.stdout, stderr: process.stderr, env: process.env });
 * ```
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  let command: Command | undefined;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      const topic = name === 'help' && rest[0] !== undefined ? findCommand(rest[0]) : undefined;
      io.stdout.write(topic ? commandHelp(topic) : mainHelp());
      return 0;
    }
    if (name === '--version' || name === '-v') {
      io.stdout.write(`${VERSION}\n`);
      return 0;
    }
    command = findCommand(name);
    const args = parseCommandArgs(command, rest);
    if (args.help) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    return await command.run(args, io);
  } catch (err) {
    const { message, exitCode } = describe(err, command);
    // Messages can quote the service or a stored file: shown without escape sequences.
    io.stderr.write(`acctkit: ${terminalText(message)}\n`);
    return exitCode;
  }
}

/** The command called `name`, or a `USAGE` error that suggests the nearest one. */
function findCommand(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (command) return command;
  const suggestion = name.startsWith('-')
    ? undefined
    : didYouMean(
        name,
        COMMANDS.map((c) => c.name),
      );
  throw new CliError(
    'USAGE',
    `Unknown command '${name.slice(0, 30)}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''} Run \`acctkit --help\` for the list.`,
  );
}

function describe(err: unknown, command: Command | undefined): { message: string; exitCode: number } {
  if (err instanceof CliError) {
    // Every usage error of a command ends by pointing to that command's help.
    const hint =
      err.code === 'USAGE' && command && !err.message.includes('--help')
        ? ` Run \`acctkit ${command.name} --help\`.`
        : '';
    return { message: `${err.message}${hint}`, exitCode: err.exitCode };
  }
  if (err instanceof ConnectionStoreError) return { message: err.message, exitCode: 3 };
  if (err instanceof AccountingError)
    return { message: err.message, exitCode: err.code === 'HTTP_ERROR' ? 1 : 3 };
  return { message: `unexpected error: ${(err as Error)?.message ?? String(err)}`, exitCode: 70 };
}
