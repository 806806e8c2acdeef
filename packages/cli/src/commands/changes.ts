import type { ChangeEntry } from '@acctkit/change-journal';
import { changeJournalFile, journalLimitsFromEnv, openFileChangeJournal } from '@acctkit/change-journal/node';
import { CliError } from '../cli-error.js';
import { type Command, type ParsedArgs, positionals, stringValue } from '../command.js';
import { connectionStore, pickConnection } from '../connection-store.js';
import { didYouMean } from '../did-you-mean.js';
import { writeJson } from '../output.js';
import { terminalText } from '../terminal-text.js';

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const RECORD = /^([a-z_]+):([1-9]\d*)$/;

/** `acctkit changes`: the journal of the changes the MCP server made through stored connections. */
export const changes: Command = {
  name: 'changes',
  summary: 'show the changes the MCP server made through stored connections',
  usage: [
    'changes [--connection NAME] [--since DATE] [--until DATE] [--record KIND:ID] [--tool NAME] [--json]',
  ],
  description: [
    'Every create, update and delete that acctkit-mcp makes through a stored connection is journaled beside the connection file (changes-NAME.jsonl, mode 0600): when, which MCP client, which tool, which record, its fields before and after, and the status the service answered with. This prints them, newest first: every connection’s, or those of --connection.',
    'Each entry has an id: an agent passes it to the MCP server’s undo_change tool to take the change back (a create is deleted, an update’s old values restored, a deleted record re-created with a new id); the undo is journaled too, naming the entry it undid.',
    'The journal keeps 90 days and at most 10 000 entries per connection; ACCTKIT_JOURNAL_RETENTION_DAYS and ACCTKIT_JOURNAL_MAX_ENTRIES change that for the server and for this command alike.',
  ],
  options: {
    connection: { type: 'string', short: 'c', value: 'NAME', description: 'Only this connection’s changes.' },
    since: {
      type: 'string',
      value: 'DATE',
      description: 'Only changes at or after DATE (2026-11-01, or a date-time such as 2026-11-01T09:00Z).',
    },
    until: {
      type: 'string',
      value: 'DATE',
      description: 'Only changes before the end of DATE (or before a date-time).',
    },
    tool: {
      type: 'string',
      value: 'NAME',
      description: 'Only the changes one tool made, e.g. update_expense or undo_change.',
    },
    record: {
      type: 'string',
      value: 'KIND:ID',
      description: 'Only the changes of one record, e.g. expenses:42 (kinds: contacts, expenses, incomes).',
    },
    json: {
      type: 'boolean',
      description:
        'A JSON array of the entries (id, at, business, client, oauthClientId, user, tool, kind, recordId, operation, before, after, status, and undoOf for an undo).',
    },
  },
  environment: {
    ACCTKIT_CONNECTIONS_FILE: 'connection file (default $XDG_CONFIG_HOME/acctkit/connections.json)',
    ACCTKIT_JOURNAL_RETENTION_DAYS: 'days of changes kept (default 90)',
    ACCTKIT_JOURNAL_MAX_ENTRIES: 'changes kept per connection (default 10000)',
  },
  examples: [
    'acctkit changes',
    'acctkit changes --connection demo --since 2026-11-01',
    'acctkit changes --record expenses:42 --json',
    'acctkit changes --tool undo_change --until 2026-11-30',
  ],
  async run(args, io) {
    positionals(args, this, []);
    const since = dateOption(args, 'since');
    const until = dateOption(args, 'until');
    const tool = stringValue(args, 'tool');
    const recordText = stringValue(args, 'record');
    const record = recordText === undefined ? undefined : RECORD.exec(recordText);
    if (recordText !== undefined && !record)
      throw new CliError(
        'USAGE',
        `--record takes KIND:ID, e.g. expenses:42, not '${recordText.slice(0, 30)}'.`,
      );
    const store = connectionStore(io);
    const name = stringValue(args, 'connection');
    const chosen = name === undefined ? await store.list() : [await pickConnection(store, name)];
    const limits = journalLimitsFromEnv(io.env);
    const all: ChangeEntry[] = [];
    for (const connection of chosen) {
      const journal = openFileChangeJournal(changeJournalFile(store.file, connection.name), limits);
      for (let cursor: string | undefined, first = true; first || cursor !== undefined; first = false) {
        const page = await journal.list({ since, until, tool, cursor, limit: 500 });
        all.push(...page.entries);
        cursor = page.nextCursor;
      }
    }
    const kind = record?.[1];
    if (kind !== undefined && all.length > 0 && !all.some((e) => e.kind === kind)) {
      const suggestion = didYouMean(kind, [...new Set(all.map((e) => e.kind))]);
      if (suggestion)
        throw new CliError('USAGE', `No changes of kind '${kind}'. Did you mean '${suggestion}'?`);
    }
    const entries = all
      .filter((e) => kind === undefined || (e.kind === kind && e.recordId === Number(record?.[2])))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    if (args.values.json === true) writeJson(io.stdout, entries);
    else if (entries.length === 0) io.stderr.write('No changes journaled.\n');
    else io.stdout.write(text(entries));
    return 0;
  },
};

/** A `--since`/`--until` value: a date or a date-time. */
function dateOption(args: ParsedArgs, name: 'since' | 'until'): string | undefined {
  const value = stringValue(args, name);
  if (value !== undefined && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    throw new CliError(
      'USAGE',
      `--${name} takes a date (2026-11-01) or a date-time (2026-11-01T09:00Z), not '${value.slice(0, 30)}'.`,
    );
  return value;
}

// Journaled text comes from MCP clients and the service: shown without escape sequences.
const show = (value: unknown): string =>
  terminalText(
    value === undefined || value === null ? '–' : typeof value === 'string' ? value : JSON.stringify(value),
    { oneLine: true },
  );

/** The fields a change set, changed or removed, as `field: before → after`. */
function fieldChanges(entry: ChangeEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  if (entry.operation !== 'update') return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `    ${show(key)}: ${show(before[key])} → ${show(after[key])}`);
}

function text(entries: readonly ChangeEntry[]): string {
  const rows = [
    ['ID', 'AT', 'CONNECTION', 'TOOL', 'RECORD', 'CLIENT', 'STATUS'],
    ...entries.map((e) =>
      [
        e.id,
        e.at.replace(/\.\d+Z$/, 'Z'),
        e.business,
        e.tool,
        `${e.kind}:${e.recordId}`,
        [
          e.client ? `${e.client.name}${e.client.version ? ` ${e.client.version}` : ''}` : '',
          e.oauthClientId,
          e.user,
        ]
          .filter(Boolean)
          .join(' / ') || '–',
        String(e.status),
      ].map(show),
    ),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] as string).length))) ?? [];
  const line = (r: readonly string[]): string =>
    r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  const out = [line(rows[0] as string[])];
  entries.forEach((e, i) => {
    out.push(
      line(rows[i + 1] as string[]),
      ...(e.undoOf === undefined ? [] : [`    undoes ${show(e.undoOf)}`]),
      ...fieldChanges(e),
    );
  });
  return `${out.join('\n')}\n`;
}
