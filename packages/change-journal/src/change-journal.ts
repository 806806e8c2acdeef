/** What a journaled change did to a record. */
export type ChangeOperation = 'create' | 'update' | 'delete';

/** The MCP client that made a change, as it named itself (`clientInfo`). */
export interface ChangeClient {
  readonly name: string;
  readonly version?: string | undefined;
}

/**
 * One change made to a business's records: when, by which client, with which tool, to which record,
 * the record's fields before and after (amounts exactly as the service sent them, as strings) and the
 * HTTP status the service answered with.
 */
export interface ChangeEntry {
  /** Unique, starting with the time: `<epoch ms, 13 digits>-<random>` (entries are kept in append order). */
  readonly id: string;
  /** When the service accepted the change, ISO 8601. */
  readonly at: string;
  /** The connection's name (`de`, or the name given at `acctkit login --name`). */
  readonly business: string;
  /** The MCP client, when it named itself. */
  readonly client?: ChangeClient | undefined;
  /** The OAuth client id of the signed-in grant (remote server only). */
  readonly oauthClientId?: string | undefined;
  /** The user who signed in to the service for the grant, by email (remote server only). */
  readonly user?: string | undefined;
  /** The tool that made the change (`update_expense`). */
  readonly tool: string;
  /** The record kind (`expenses`). */
  readonly kind: string;
  readonly recordId: number;
  readonly operation: ChangeOperation;
  /** The record before the change (`null` for a create). */
  readonly before: Readonly<Record<string, unknown>> | null;
  /** The record after the change (`null` for a delete). */
  readonly after: Readonly<Record<string, unknown>> | null;
  /** The HTTP status of the service's answer. */
  readonly status: number;
  /** A create's arguments as the tool got them (without its own options): what the duplicate guard compares. */
  readonly arguments?: Readonly<Record<string, unknown>> | undefined;
  /** The `idempotency_key` the create was called with. */
  readonly idempotencyKey?: string | undefined;
  /** The id of the entry this change undid (`undo_change`). */
  readonly undoOf?: string | undefined;
}

/** A change to journal: everything but the id and time, which the journal gives it. */
export type NewChange = Omit<ChangeEntry, 'id' | 'at'>;

/** How long and how much a journal keeps. */
export interface JournalLimits {
  /** Entries older than this many days are dropped (default 90). */
  readonly retentionDays?: number | undefined;
  /** At most this many entries per business, the oldest dropped first (default 10 000). */
  readonly maxEntries?: number | undefined;
}

/** The defaults of {@link JournalLimits}: 90 days, 10 000 entries per business. */
export const JOURNAL_DEFAULTS: { readonly retentionDays: number; readonly maxEntries: number } = {
  retentionDays: 90,
  maxEntries: 10_000,
};

/** Which entries {@link ChangeJournal.list} returns, newest first. */
export interface ChangeQuery {
  /** Only entries at or after this time (ISO 8601 date or date-time). */
  readonly since?: string | undefined;
  /** Only entries before this time (ISO 8601 date-time; a date means the end of that day, UTC). */
  readonly until?: string | undefined;
  /** Only this entry. */
  readonly id?: string | undefined;
  /** Only entries of this operation. */
  readonly operation?: ChangeOperation | undefined;
  /** Only creates made with this idempotency key. */
  readonly idempotencyKey?: string | undefined;
  /** Only the entries that undid this entry. */
  readonly undoOf?: string | undefined;
  /** Only entries of this record kind (`expenses`). */
  readonly kind?: string | undefined;
  /** Only entries of this record id (with `kind`). */
  readonly recordId?: number | undefined;
  /** Only entries made by this tool. */
  readonly tool?: string | undefined;
  /** The `nextCursor` of the previous page. */
  readonly cursor?: string | undefined;
  /** Entries per page (default 50, at most 500). */
  readonly limit?: number | undefined;
}

/** A page of a journal, newest first. */
export interface ChangePage {
  readonly entries: readonly ChangeEntry[];
  /** Pass as `cursor` for the next (older) page; absent on the last page. */
  readonly nextCursor?: string | undefined;
}

/**
 * The journal of one business's changes: append-only and bounded by {@link JournalLimits}. Kept in
 * memory, in a file beside the connection store (`@acctkit/change-journal/node`) or in a hosted service's storage.
 */
export interface ChangeJournal {
  /** Appends a change, dropping what the limits no longer keep; resolves to the entry written. */
  append(change: NewChange): Promise<ChangeEntry>;
  /** A page of the entries that match, newest first. */
  list(query?: ChangeQuery): Promise<ChangePage>;
  /**
   * Runs `fn` while no other `exclusive` call of this journal runs, in this process and in every other
   * that shares the journal: the MCP server holds it from its look at the journal to the append of
   * what it sends, for creates (a retry waits for the first call and finds its entry) and for undos
   * (of undos racing for one entry, the first acts and the others find its undo).
   */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
}

/** A new entry with its id (its time, then random hex, so ids never collide) and time. */
export function changeEntryOf(change: NewChange, now: number): ChangeEntry {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(5)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return {
    id: `${String(now).padStart(13, '0')}-${random}`,
    at: new Date(now).toISOString(),
    ...change,
  };
}

/** The entries (oldest first) that the limits keep at `now`. */
export function keptChanges(
  entries: readonly ChangeEntry[],
  limits: JournalLimits,
  now: number,
): ChangeEntry[] {
  const days = limits.retentionDays ?? JOURNAL_DEFAULTS.retentionDays;
  const max = limits.maxEntries ?? JOURNAL_DEFAULTS.maxEntries;
  const oldest = now - days * 86_400_000;
  const live = entries.filter((e) => Date.parse(e.at) >= oldest);
  return live.length > max ? live.slice(live.length - max) : live;
}

/** The end of a period, in epoch ms: a date (`2026-11-30`) ends with its day. */
function untilOf(until: string): number {
  const t = Date.parse(until);
  return /^\d{4}-\d{2}-\d{2}$/.test(until) ? t + 86_400_000 : t;
}

/** The page of `entries` (oldest first, as kept) that `query` asks for, newest first. */
export function selectChanges(entries: readonly ChangeEntry[], query: ChangeQuery = {}): ChangePage {
  const since = query.since === undefined ? undefined : Date.parse(query.since);
  const until = query.until === undefined ? undefined : untilOf(query.until);
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 500);
  const matching: ChangeEntry[] = [];
  // The page after the cursor's entry; when retention has dropped that entry, the ids (by time) decide.
  const at = query.cursor === undefined ? -1 : entries.findIndex((e) => e.id === query.cursor);
  for (let i = at >= 0 ? at - 1 : entries.length - 1; i >= 0; i--) {
    const e = entries[i] as ChangeEntry;
    if (at < 0 && query.cursor !== undefined && e.id >= query.cursor) continue;
    if (since !== undefined && Date.parse(e.at) < since) continue;
    if (until !== undefined && Date.parse(e.at) >= until) continue;
    if (query.id !== undefined && e.id !== query.id) continue;
    if (query.operation !== undefined && e.operation !== query.operation) continue;
    if (query.idempotencyKey !== undefined && e.idempotencyKey !== query.idempotencyKey) continue;
    if (query.undoOf !== undefined && e.undoOf !== query.undoOf) continue;
    if (query.kind !== undefined && e.kind !== query.kind) continue;
    if (query.recordId !== undefined && e.recordId !== query.recordId) continue;
    if (query.tool !== undefined && e.tool !== query.tool) continue;
    matching.push(e);
    if (matching.length > limit) break;
  }
  const page = matching.slice(0, limit);
  const last = page[page.length - 1];
  return matching.length > limit && last ? { entries: page, nextCursor: last.id } : { entries: page };
}

/**
 * A change journal in this process's memory: for the sandbox and tests; gone when the process ends.
 *
 * @param limits - Retention and maximum entries (default 90 days, 10 000 entries).
 * @param now - The clock, in epoch ms (default `Date.now`).
 * @returns The journal.
 * @example
 * ```ts
 * import { createMemoryChangeJournal } from '@acctkit/change-journal';
 * const journal = createMemoryChangeJournal({ retentionDays: 30 });
 * const { entries } = await journal.list({ kind: 'expenses' });
 * ```
 */
export function createMemoryChangeJournal(
  limits: JournalLimits = {},
  now: () => number = Date.now,
): ChangeJournal {
  let entries: ChangeEntry[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  return {
    append: async (change) => {
      const t = now();
      const entry = changeEntryOf(change, t);
      entries = keptChanges([...entries, entry], limits, t);
      return entry;
    },
    list: async (query) => selectChanges(keptChanges(entries, limits, now()), query),
    exclusive: <T>(fn: () => Promise<T>): Promise<T> => {
      const run = queue.then(fn, fn);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
