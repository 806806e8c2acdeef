// The approval card's table for a batch of bank statement lines (`book_statement_lines`): one row a
// line with its date, amount in the statement's currency, the counterparty as the bank wrote it, and
// what it books as (kind, contact, ledger account or income source), named.
import type { PendingChange } from './approval-data.js';
import { type CardLocale, date, money } from './card-locale.js';
import { h } from './dom.js';
import { NO_VALUE } from './record-rows.js';
import { isObject } from './tool-result.js';

/** The approval card data's `kind` for statement lines (the server's `STATEMENT_LINES_CARD_KIND`). */
export const STATEMENT_LINES_KIND = 'statement lines';

function text(value: unknown): string {
  return typeof value === 'string' && value !== '' ? value : NO_VALUE;
}

/** What the line books as, one part a line: `Expense`, `Contact: Muster GmbH (5)`, `Ledger account: …`. */
function booking(line: Readonly<Record<string, unknown>>): HTMLElement[] {
  const kind = text(line.books_as);
  const type =
    typeof line.income_source === 'string'
      ? `Income source: ${line.income_source}`
      : `Ledger account: ${text(line.ledger_account)}`;
  return [kind.charAt(0).toUpperCase() + kind.slice(1), `Contact: ${text(line.contact)}`, type].map((part) =>
    h('div', {}, part),
  );
}

/**
 * The lines of a pending `book_statement_lines` batch as a table. The counterparty comes from the bank
 * statement file, so it goes in as text inside `<bdi>` (its direction cannot reorder the row) and in
 * quotes: it is what the payer wrote, not something the server vouches for.
 *
 * @param change - the pending change; `after` holds `line 1`, `line 2`, … each a line's fields.
 * @param locale - the business's locale, for dates and amounts.
 */
export function statementLinesTable(change: PendingChange, locale: CardLocale): HTMLTableElement {
  const lines = Object.entries(change.after ?? {});
  const rows = lines.map(([label, value]) => {
    const line = isObject(value) ? value : {};
    const currency = typeof line.currency === 'string' ? line.currency : locale.currency;
    const amount = typeof line.amount === 'string' ? money(line.amount, locale, currency) : NO_VALUE;
    const counterparty = typeof line.counterparty === 'string' ? line.counterparty : '';
    return h(
      'tr',
      { 'data-line': label },
      h('th', { scope: 'row' }, label.charAt(0).toUpperCase() + label.slice(1)),
      h('td', { class: 'date' }, typeof line.date === 'string' ? date(line.date, locale) : NO_VALUE),
      h('td', { class: 'amount' }, amount),
      h(
        'td',
        { 'data-testid': 'counterparty' },
        counterparty === '' ? NO_VALUE : h('q', {}, h('bdi', {}, counterparty)),
      ),
      h('td', {}, ...booking(line)),
    );
  });
  return h(
    'table',
    { class: 'record lines' },
    h('caption', {}, 'Statement lines to book (counterparty as written on the statement)'),
    h('colgroup', {}, ...[10, 25, 19, 20, 26].map((width) => h('col', { style: `width: ${width}%` }))),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Line'),
        h('th', { scope: 'col' }, 'Date'),
        h('th', { scope: 'col' }, 'Amount'),
        h('th', { scope: 'col' }, 'Counterparty'),
        h('th', { scope: 'col' }, 'Books as'),
      ),
    ),
    h('tbody', {}, ...rows),
  );
}
