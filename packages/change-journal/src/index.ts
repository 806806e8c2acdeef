// Everything exported from this file is public API; everything else is internal.
export {
  type ChangeClient,
  type ChangeEntry,
  type ChangeJournal,
  type ChangeOperation,
  type ChangePage,
  type ChangeQuery,
  changeEntryOf,
  createMemoryChangeJournal,
  JOURNAL_DEFAULTS,
  type JournalLimits,
  keptChanges,
  type NewChange,
  selectChanges,
} from './change-journal.js';
