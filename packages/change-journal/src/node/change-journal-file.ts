import { appendFile, chmod, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkConnectionName, withFileLock, writeAtomic } from '@acctkit/client/node';
import {
  type ChangeEntry,
  type ChangeJournal,
  changeEntryOf,
  type JournalLimits,
  keptChanges,
  selectChanges,
} from '../change-journal.js';

/**
 * The journal file of a stored connection: `changes-<name>.jsonl` in the connection file's folder.
 *
 * @param connectionsFile - The connection file (`defaultConnectionsFile()`).
 * @param name - The connection's name.
 * @returns The path.
 * @example
 * ```ts
 * import { defaultConnectionsFile } from '@acctkit/client/node';
 * import { changeJournalFile } from '@acctkit/change-journal/node';
 * changeJournalFile(defaultConnectionsFile(), 'de'); // '/home/ann/.config/acctkit/changes-de.jsonl'
 * ```
 */
export function changeJournalFile(connectionsFile: string, name: string): string {
  checkConnectionName(connectionsFile, name);
  return join(dirname(connectionsFile), `changes-${name}.jsonl`);
}

/** Options of {@link openFileChangeJournal}. */
export interface FileChangeJournalOptions extends JournalLimits {
  /** The clock, in epoch ms (default `Date.now`). */
  readonly now?: (() => number) | undefined;
}

/** The entries of a journal file, oldest first; none when it does not exist. Damaged lines are skipped. */
async function readEntries(file: string): Promise<ChangeEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ENOENT') return [];
    throw cause;
  }
  const entries: ChangeEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      entries.push(JSON.parse(line) as ChangeEntry);
    } catch {
      // A line cut short by a crash: the rest of the journal is still worth reading.
    }
  }
  return entries;
}

const lines = (entries: readonly ChangeEntry[]): string =>
  entries.map((e) => `${JSON.stringify(e)}\n`).join('');

/**
 * A change journal in a JSON-lines file (mode 0600), one entry a line, oldest first. Each append holds
 * the file's cross-process lock (the one the connection store uses for refreshes), appends one line,
 * and rewrites the file atomically when the limits drop entries, so the CLI and any number of servers
 * can share it; `exclusive` (creates and undos) holds a second lock file, `<file>.creates.lock`.
 *
 * @param file - The file, e.g. {@link changeJournalFile}.
 * @param options - Retention (default 90 days), maximum entries (default 10 000) and clock.
 * @returns The journal.
 * @example
 * ```ts
 * import { defaultConnectionsFile } from '@acctkit/client/node';
 * import { changeJournalFile, openFileChangeJournal } from '@acctkit/change-journal/node';
 * const journal = openFileChangeJournal(changeJournalFile(defaultConnectionsFile(), 'de'));
 * const { entries } = await journal.list({ since: '2026-11-01' });
 * ```
 */
export function openFileChangeJournal(file: string, options: FileChangeJournalOptions = {}): ChangeJournal {
  const now = options.now ?? Date.now;
  return {
    append: async (change) => {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      return withFileLock(`${file}.lock`, async () => {
        const t = now();
        const entry = changeEntryOf(change, t);
        const current = await readEntries(file);
        const kept = keptChanges([...current, entry], options, t);
        if (kept.length === current.length + 1) {
          await appendFile(file, lines([entry]), { mode: 0o600 });
          await chmod(file, 0o600);
        } else await writeAtomic(file, lines(kept));
        return entry;
      });
    },
    list: async (query) => selectChanges(keptChanges(await readEntries(file), options, now()), query),
    // A lock of its own (appends take the file's), held across the service's answer: wait long.
    exclusive: async (fn) => {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      return withFileLock(`${file}.creates.lock`, fn, { waitMs: 120_000 });
    },
  };
}

/**
 * The journal limits of the environment, as `acctkit-mcp` and `acctkit changes` read them:
 * `ACCTKIT_JOURNAL_RETENTION_DAYS` (default 90) and `ACCTKIT_JOURNAL_MAX_ENTRIES` (default 10 000).
 * A value that is not a whole number of at least 1 leaves the default.
 *
 * @example
 * ```ts
 * import { journalLimitsFromEnv } from '@acctkit/change-journal/node';
 * journalLimitsFromEnv({ ACCTKIT_JOURNAL_RETENTION_DAYS: '30' }); // { retentionDays: 30 }
 * ```
 */
export function journalLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): JournalLimits {
  const whole = (name: string): number | undefined => {
    const n = Number(env[name]?.trim() || Number.NaN);
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  };
  const retentionDays = whole('ACCTKIT_JOURNAL_RETENTION_DAYS');
  const maxEntries = whole('ACCTKIT_JOURNAL_MAX_ENTRIES');
  return {
    ...(retentionDays !== undefined && { retentionDays }),
    ...(maxEntries !== undefined && { maxEntries }),
  };
}
