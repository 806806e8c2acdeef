// Everything exported from this file is public API of `@acctkit/change-journal/node` (Node only).
export {
  changeJournalFile,
  type FileChangeJournalOptions,
  journalLimitsFromEnv,
  openFileChangeJournal,
} from './change-journal-file.js';
