import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliError } from './cli-error.js';
import { didYouMean } from './did-you-mean.js';
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
 * Parses a command's arguments with `node:util` `parseArgs`, in its lenient mode with tokens, so that
 * every mistake is reported in our words (with a suggestion for a mistyped option) instead of Node's:
 * an unknown option, a string option without a value (or followed by another option), a value given
 * to a switch.
 *
 * @throws CliError `USAGE` naming the option; `run` adds where the command's help is.
 */
export function parseCommandArgs(command: Command, argv: readonly string[]): ParsedArgs & { help: boolean } {
  const specs: Record<string, OptionSpec> = { ...command.options, help: HELP };
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, spec] of Object.entries(specs))
    options[name] = {
      type: spec.type,
      ...(spec.short ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    };
  const { values, positionals, tokens } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined;
    if (!spec) throw unknownOption(token.rawName, String(argv[token.index]), Object.keys(specs));
    const label = `'--${token.name}'`;
    if (spec.type === 'boolean' && token.value !== undefined)
      throw new CliError('USAGE', `Option ${label} is a switch and takes no value.`);
    if (spec.type !== 'string') continue;
    const placeholder = spec.value ?? 'VALUE';
    if (token.value === undefined)
      throw new CliError('USAGE', `Option ${label} needs a value: --${token.name} ${placeholder}.`);
    // As strict parseArgs does: `--name --sandbox` more likely forgot the value than meant it.
    if (!token.inlineValue && /^-./.test(token.value))
      throw new CliError(
        'USAGE',
        `Option ${label} needs a value, but '${token.value.slice(0, 20)}' looks like an option: write --${token.name}=${placeholder} when the value does start with '-'.`,
      );
  }
  return { values: values as ParsedArgs['values'], positionals, help: values.help === true };
}

function unknownOption(rawName: string, arg: string, names: readonly string[]): CliError {
  // `-paginate` arrives as the short options -p -a …: the whole argument is what was meant.
  const typed = /^-[^-=]{2,}/.test(arg) ? arg.replace(/=.*/s, '') : rawName;
  const suggestion = didYouMean(typed.replace(/^-+/, ''), names);
  return new CliError(
    'USAGE',
    `Unknown option '${typed.slice(0, 30)}'.${suggestion ? ` Did you mean '--${suggestion}'?` : ''}`,
  );
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

/**
 * Exactly the positionals named in `what`, or a `USAGE` error that says which is missing or what is
 * one too many. An extra argument is quoted only when short: a long one may be a token or secret
 * given without its option.
 */
export function positionals(args: ParsedArgs, command: Command, what: readonly string[]): string[] {
  const got = args.positionals;
  const takes = what.length === 0 ? 'no arguments' : what.join(' ');
  if (got.length < what.length)
    throw new CliError(
      'USAGE',
      `${command.name} takes ${takes}; ${what.slice(got.length).join(' and ')} ${what.length - got.length > 1 ? 'are' : 'is'} missing.`,
    );
  if (got.length > what.length) {
    const extra = String(got[what.length]);
    throw new CliError(
      'USAGE',
      `${command.name} takes ${takes}, but got ${got.length === what.length + 1 ? 'one more' : `${got.length - what.length} more`}: ${extra.length <= 24 ? `'${extra}'` : `a ${extra.length}-character argument`}. An option's value goes right after its name; quote a value with spaces.`,
    );
  }
  return [...got];
}

/**
 * A number option's value within `[min, max]` (whole when `integer`), `fallback` when it is not given,
 * or a `USAGE` error that names the option and the numbers it takes.
 */
export function numberValue(
  args: ParsedArgs,
  name: string,
  rule: { readonly min: number; readonly max?: number; readonly integer?: boolean; readonly takes: string },
  fallback: number,
): number {
  const text = stringValue(args, name);
  if (text === undefined) return fallback;
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (
    !Number.isFinite(value) ||
    value < rule.min ||
    (rule.max !== undefined && value > rule.max) ||
    (rule.integer === true && !Number.isInteger(value))
  )
    throw new CliError('USAGE', `--${name} takes ${rule.takes}, not '${text.slice(0, 20)}'.`);
  return value;
}
