import {
  type ChangeEntry,
  type ChangeJournal,
  changeEntryOf,
  JOURNAL_DEFAULTS,
  type JournalLimits,
  keptChanges,
  selectChanges,
} from '@acctkit/change-journal';
import { type VaultStorage, withKeyLock } from '@acctkit/token-vault';
import { deleteStored, getStored, STORED, STORED_PREFIX, updateStored } from './stored-keys.js';

/** Entries per page: a page stays far below the 128 KiB a Durable Object value may hold. */
export const JOURNAL_PAGE_SIZE = 25;

const DAY_MS = 86_400_000;

/**
 * A business's change journal in the remote server's storage, in pages of {@link JOURNAL_PAGE_SIZE}
 * entries: `journal:<business>` names the first and last page, `journal:<business>:<n>` holds page n.
 * Every key is written by compare-and-set (`updateKey`), so instances append concurrently without
 * losing an entry, and expires one retention after its newest entry, so the storage forgets old pages
 * by itself; pages beyond the maximum number of entries are deleted as the journal moves on.
 *
 * @param storage - The remote server's storage.
 * @param business - The business's key (`de:1042`): one journal per business, whichever grant writes.
 * @param limits - Retention (default 90 days) and maximum entries (default 10 000).
 * @param now - The clock, in epoch ms.
 */
export function vaultChangeJournal(
  storage: VaultStorage,
  business: string,
  limits: JournalLimits = {},
  now: () => number = Date.now,
): ChangeJournal {
  const headKey = STORED.journalHead(business);
  const pageKey = (n: number) => STORED.journalPage(business, n);
  const retentionMs = (limits.retentionDays ?? JOURNAL_DEFAULTS.retentionDays) * DAY_MS;
  const maxPages = Math.ceil((limits.maxEntries ?? JOURNAL_DEFAULTS.maxEntries) / JOURNAL_PAGE_SIZE) + 1;

  const entriesOf = async (): Promise<ChangeEntry[]> => {
    const head = await getStored(storage, headKey);
    if (!head) return [];
    const numbers = Array.from({ length: head.last - head.first + 1 }, (_, i) => head.first + i);
    const pages = await Promise.all(numbers.map((n) => getStored(storage, pageKey(n))));
    return pages.flatMap((page) => page ?? []);
  };

  return {
    append: async (change) => {
      for (;;) {
        const t = now();
        const expiresAt = t + retentionMs;
        const head = await updateStored(storage, headKey, (current) => {
          const value = current ?? { first: 0, last: 0 };
          return { value, expiresAt, result: value };
        });
        const entry = changeEntryOf(change, t);
        const added = await updateStored(storage, pageKey(head.last), (page = []) =>
          page.length >= JOURNAL_PAGE_SIZE
            ? { result: false }
            : { value: [...page, entry], expiresAt, result: true },
        );
        if (added) return entry;
        // The page is full: move the head on (once, whoever gets there first) and drop pages past the maximum.
        const dropped = await updateStored(storage, headKey, (current) => {
          if (!current || current.last !== head.last) return { result: [] };
          const last = current.last + 1;
          const first = Math.max(current.first, last - maxPages + 1);
          const gone = Array.from({ length: first - current.first }, (_, i) => current.first + i);
          return { value: { first, last }, expiresAt, result: gone };
        });
        await Promise.all(dropped.map((n) => deleteStored(storage, pageKey(n))));
      }
    },
    list: async (query) => selectChanges(keptChanges(await entriesOf(), limits, now()), query),
    // A lease in the storage every instance shares, held by creates and undos from their look at the
    // journal to their append: a retry or a second undo sent to another instance waits, then finds the
    // first one's entry. It expires after 60 s, so a crashed holder blocks no one for longer.
    exclusive: (fn) => withKeyLock(storage, STORED_PREFIX.journalCreatesLock(business), fn),
  };
}
