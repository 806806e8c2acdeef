// The reconciliation card of `reconcile_statement`: each statement line with its status (matched,
// ambiguous, unmatched), date, amount, counterparty, the record it matched or the booking proposed,
// and the balance check. Texts from the statement file are the payer's: they go in as text nodes,
// inside <bdi> so that right-to-left characters cannot reorder what is around them.
import { connectCard, createCardApp, showConnectionFailure } from './card-app.js';
import { type CardLocale, cardLocaleOf, date, money } from './card-locale.js';
import { type Child, h } from './dom.js';
import {
  type LineStatus,
  type Proposal,
  type ReconciledLine,
  type Reconciliation,
  type RecordRef,
  readReconciliation,
} from './reconciliation-data.js';
import { errorMessage } from './tool-result.js';

const STATUS_TEXT: Readonly<Record<LineStatus, string>> = {
  matched: 'Matched',
  ambiguous: 'Ambiguous',
  unmatched: 'Unmatched',
};

const METHOD_TEXT: Readonly<Record<string, string>> = {
  reference: 'by reference',
  counterparty: 'by counterparty name',
  history: 'by the counterparty’s IBAN',
  amount_date: 'by amount and date',
};

const REASON_TEXT: Readonly<Record<string, string>> = {
  records_tie: 'several records fit equally',
  lines_tie: 'other lines fit the same record',
};

function capitalized(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

function record(ref: RecordRef): string {
  return `${ref.kind} ${ref.id}`;
}

/** An amount in the locale's own language, so a screen reader reads `-1.234,50 €` as written. */
function amount(value: string, locale: CardLocale, currency: string | undefined): HTMLSpanElement {
  return h('span', { class: 'amount', lang: locale.locale }, money(value, locale, currency));
}

/** A text from the statement file: shown as text only, isolated from its neighbours' direction. */
function untrusted(value: string): HTMLElement {
  return h('bdi', {}, value);
}

function proposalText(p: Proposal): Child[] {
  const parts: Child[] = [`Proposal: new ${p.kind}`];
  if (p.contactName !== undefined) parts.push(', contact ', untrusted(p.contactName));
  else if (p.contactId !== undefined) parts.push(`, contact ${p.contactId}`);
  if (p.typeId !== undefined) parts.push(`, ${p.kind === 'income' ? 'income' : 'expense'} type ${p.typeId}`);
  if (p.taxPercentageRate !== undefined) parts.push(`, tax ${p.taxPercentageRate}%`);
  else if (p.taxId !== undefined) parts.push(`, ${p.kind === 'income' ? 'tax code' : 'tax rate'} ${p.taxId}`);
  if (p.missing !== undefined) parts.push(` (not known: ${p.missing})`);
  return parts;
}

function decision(line: ReconciledLine, locale: CardLocale): Child[] {
  if (line.status === 'matched' && line.match) {
    const m = line.match;
    const when = m.date !== undefined ? ` of ${date(m.date, locale)}` : '';
    const how = [METHOD_TEXT[m.method] ?? m.method, m.confidence ? `${m.confidence} confidence` : '']
      .filter(Boolean)
      .join(', ');
    return [`Matched to ${record(m)}${when}${how ? ` (${how})` : ''}.`];
  }
  if (line.status === 'ambiguous') {
    const why = line.reason !== undefined ? (REASON_TEXT[line.reason] ?? line.reason) : 'several records fit';
    const which = line.candidates.map(record).join(', ');
    return [`${capitalized(why)}${which ? `: ${which}` : ''}. Choose one.`];
  }
  return line.proposal ? [...proposalText(line.proposal), '.'] : ['Nothing matches this line.'];
}

function lineItem(line: ReconciledLine, locale: CardLocale, currency: string | undefined): HTMLLIElement {
  const party: Child[] = [];
  if (line.counterparty !== undefined) party.push(untrusted(line.counterparty));
  if (line.counterpartyIban !== undefined)
    party.push(h('span', { class: 'iban muted' }, ' ', untrusted(line.counterpartyIban)));
  return h(
    'li',
    { class: `line status-${line.status}`, 'data-line': line.line, 'data-status': line.status },
    h(
      'p',
      { class: 'line-head' },
      h('span', { class: `badge badge-${line.status}` }, STATUS_TEXT[line.status]),
      h('span', { class: 'date' }, date(line.date, locale)),
      amount(line.amount, locale, currency),
    ),
    ...(party.length > 0 ? [h('p', { class: 'party', 'data-testid': 'counterparty' }, ...party)] : []),
    ...(line.remittance !== undefined
      ? [h('p', { class: 'remittance muted', 'data-testid': 'remittance' }, untrusted(line.remittance))]
      : []),
    h('p', { class: 'decision', 'data-testid': 'decision' }, ...decision(line, locale)),
  );
}

function balanceCheck(r: Reconciliation, locale: CardLocale): HTMLElement {
  const s = r.summary;
  const statement =
    s.statementBalanced === undefined
      ? 'The file has no balances to check.'
      : s.statementBalanced
        ? 'Adds up: opening balance plus the lines is the closing balance.'
        : 'Does not add up: a line is missing or the file was changed.';
  const rows: [string, Child][] = [['Statement', statement]];
  if (s.closingBalance !== undefined)
    rows.push(['Closing balance', amount(s.closingBalance, locale, s.currency)]);
  if (s.booksBalance !== undefined) rows.push(['In the books', amount(s.booksBalance, locale, s.currency)]);
  if (s.difference !== undefined) {
    const zero = /^-?0+(\.0+)?$/.test(s.difference);
    rows.push([
      'Difference',
      h(
        'span',
        {},
        amount(s.difference, locale, s.currency),
        zero ? ' (the books agree)' : ' (the books do not agree yet)',
      ),
    ]);
  }
  const ok =
    s.statementBalanced !== false && (s.difference === undefined || /^-?0+(\.0+)?$/.test(s.difference));
  return h(
    'section',
    { class: `balance ${ok ? 'ok' : 'off'}`, 'aria-labelledby': 'balance-heading', 'data-testid': 'balance' },
    h('h2', { id: 'balance-heading' }, 'Balance check'),
    h(
      'dl',
      {},
      ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', { 'data-term': term }, value)]),
    ),
  );
}

function showReconciliation(
  root: HTMLElement,
  r: Reconciliation,
  business: string | undefined,
  locale: CardLocale,
): void {
  const s = r.summary;
  const subtitle = [
    business ? `Business '${business}'` : undefined,
    s.bankAccountId !== undefined ? `bank account ${s.bankAccountId}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const counts = `${s.lines} lines: ${s.matched} matched, ${s.ambiguous} ambiguous, ${s.unmatched} unmatched.`;
  const shown =
    r.lines.length < s.lines ? `Lines (${r.lines.length} of ${s.lines} shown)` : `Lines (${r.lines.length})`;
  root.replaceChildren(
    h('h1', {}, 'Bank statement reconciliation'),
    ...(subtitle ? [h('p', { class: 'muted subtitle' }, subtitle)] : []),
    h('p', { class: 'counts', 'data-testid': 'counts' }, counts),
    balanceCheck(r, locale),
    h('h2', { id: 'lines-heading' }, shown),
    r.lines.length === 0
      ? h('p', { class: 'muted' }, 'The statement has no lines.')
      : h(
          'ol',
          { class: 'lines', 'aria-labelledby': 'lines-heading' },
          ...r.lines.map((line) => lineItem(line, locale, s.currency)),
        ),
    ...(r.more ? [h('p', { class: 'muted note' }, 'More lines follow on the next page (nextCursor).')] : []),
  );
}

function main(): void {
  const root = document.getElementById('card');
  if (!root) return;
  const app = createCardApp('acctkit-reconciliation');
  let input: Readonly<Record<string, unknown>> = {};
  app.addEventListener('toolinput', (params) => {
    input = params.arguments ?? {};
  });
  app.addEventListener('toolresult', (result) => {
    if (result.isError) {
      root.replaceChildren(h('p', { class: 'outcome failed' }, `Not reconciled: ${errorMessage(result)}`));
      return;
    }
    const reconciliation = readReconciliation(result.structuredContent);
    if (!reconciliation) {
      root.replaceChildren(
        h('p', { class: 'outcome failed' }, 'The tool result has no reconciliation to show.'),
      );
      return;
    }
    const business = typeof input.business === 'string' ? input.business : undefined;
    showReconciliation(root, reconciliation, business, cardLocaleOf(result));
  });
  connectCard(app).catch((error: unknown) => showConnectionFailure(root, error));
}

main();
