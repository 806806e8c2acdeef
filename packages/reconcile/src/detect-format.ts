import type { StatementFormat } from './bank-statement.js';
import { findHeader } from './csv/index.js';

/**
 * The format of a statement's text: CAMT.053 for XML holding `BkToCstmrStmt`, MT940 for text with
 * `:20:` and `:60F:` (or `:60M:`) fields, CSV when a header row with a date column is found in the
 * first 40 lines; `undefined` otherwise.
 *
 * @param text - The statement's text.
 * @returns The format, or `undefined` when none fits.
 * @example
 * ```ts
 * import { detectFormat } from '@acctkit/reconcile';
 * detectFormat('Buchungstag;Betrag;Verwendungszweck\n02.01.2024;-12,50;Miete\n'); // 'csv'
 * ```
 */
export function detectFormat(text: string): StatementFormat | undefined {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<'))
    return /BkToCstmrStmt|camt\.053/.test(text.slice(0, 65536)) ? 'camt053' : undefined;
  if (/^:20:/m.test(head) && /^:(60[FM]|25):/m.test(text.slice(0, 65536))) return 'mt940';
  return findHeader(text) ? 'csv' : undefined;
}
