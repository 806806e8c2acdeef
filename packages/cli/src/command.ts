import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import type { Io } from './io.js';

/** One option of a command: what `parseArgs` needs, plus what its help shows. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string | undefined;
  readonly multiple?: boolean | undefined;
  /** The value's placeholder in help (`URL`, `key=value`). */
  readonly value?: string | undefined;
  /** One line: what it does, its default, and where else it can come from. */
  readonly description: string;
}

/** The parsed arguments of a command. */
export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | string[] | undefined>>;
  readonly positionals: readonly string[];
}

/** A subcommand of `acctkit`: its options, its help and what it does. */
export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Usage lines, without the leading `acctkit`. */
  readonly usage: readonly string[];
  /** Paragraphs shown under the usage. */
  readonly description: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** `ACCTKIT_*` variables the command reads, with what they stand for. */
  readonly environment?: Readonly<Record<string, string>> | undefined;
  readonly examples: readonly string[];
  /** Runs the command; resolves to the exit code. */
  run(args: ParsedArgs, io: Io): Promise<number>;
}

const HELP: OptionSpec = { type: 'boolean', short: 'h', description: 'Show this help.' };

/**
 * Parses a command's arguments with `node:util` `parseArgs` (strict: unknown options are errors).
 *
 * @throws CliError `USAGE` for an unknown option, a missing value or a repeated single option.
 */
export function parseCommandArgs(command: Command, argv: readonly string[]): ParsedArgs & { help: boolean } {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries({ ...command.options, help: HELP }))
    options[name] = {
      type: spec.type,
      ...(spec.short ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs['values'], positionals, help: values.help === true };
  } catch (cause) {
    throw new CliError(
      'USAGE',
      `${(cause as Error).message.replace(/\.?$/, '.')} Run \`acctkit ${command.name} --help\`.`,
      { cause },
    );
  }
}

/** The help text of a command: summary, usage, description, options, environment and examples. */
export function commandHelp(command: Command): string {
  const lines = [`acctkit ${command.name}: ${command.summary}`, '', 'Usage:'];
  for (const usage of command.usage) lines.push(`  acctkit ${usage}`);
  for (const paragraph of command.description) lines.push('', wrap(paragraph, 2));
  lines.push('', 'Options:');
  const entries = Object.entries({ ...command.options, help: HELP });
  const labels = entries.map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : '    ';
    return `${short}--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`;
  });
  const width = Math.max(...labels.map((l) => l.length));
  entries.forEach(([, spec], i) => {
    lines.push(`  ${(labels[i] as string).padEnd(width)}  ${spec.description}`);
  });
  if (command.environment) {
    lines.push('', 'Environment:');
    const names = Object.keys(command.environment);
    const w = Math.max(...names.map((n) => n.length));
    for (const name of names) lines.push(`  ${name.padEnd(w)}  ${command.environment[name]}`);
  }
  lines.push('', 'Examples:');
  for (const example of command.examples) lines.push(`  ${example}`);
  return `${lines.join('\n')}\n`;
}

function wrap(text: string, indent: number): string {
  const words = text.split(/\s+/);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 100 - indent) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out.map((l) => ' '.repeat(indent) + l).join('\n');
}

/** A string option's value, or `undefined`. */
export function stringValue(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string option's values. */
export function listValue(args: ParsedArgs, name: string): string[] {
  const value = args.values[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
}

/** Exactly `count` positionals (named in `what` for the error), or a `USAGE` error. */
export function positionals(args: ParsedArgs, command: Command, what: readonly string[]): string[] {
  if (args.positionals.length !== what.length)
    throw new CliError(
      'USAGE',
      `${command.name} takes ${what.join(' ')}${args.positionals.length > what.length ? ` (got an extra '${String(args.positionals[what.length]).slice(0, 40)}')` : ''}. Run \`acctkit ${command.name} --help\`.`,
    );
  return [...args.positionals];
}
