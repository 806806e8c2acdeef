// The chart card of `summarize_transactions`: gross expenses and incomes per group as bars, the same
// values as a table for screen readers, and the period's totals (count, net, tax, gross) exactly as
// the tool computed them, in the business's locale and currency.

import { barChart } from './bar-chart.js';
import { connectCard, createCardApp, showConnectionFailure } from './card-app.js';
import { type CardLocale, cardLocaleOf, date, money, month } from './card-locale.js';
import { h } from './dom.js';
import { errorMessage } from './tool-result.js';
import { chartGroups, readTotals, type Totals, type TotalsGroup } from './totals-data.js';

/** At most this many groups get bars; the totals always count every group. */
const MAX_GROUPS = 15;

const GROUPED_BY: Readonly<Record<string, string>> = { month: 'month', type: 'type', contact: 'contact' };

const FLOWS = [
  { flow: 'expenses', name: 'Expenses' },
  { flow: 'incomes', name: 'Incomes' },
] as const;

/** An amount cell: the locale's own language, so a screen reader reads `1.234,50 €` as written. */
function amountCell(amount: string, locale: CardLocale): HTMLTableCellElement {
  return h('td', { lang: locale.locale }, money(amount, locale));
}

/**
 * The totals, one row per amount and one column per flow: three columns fit a 320 px card where
 * four amount columns did not.
 */
function totalsTable(totals: Totals['totals'], locale: CardLocale): HTMLTableElement {
  const head = h(
    'tr',
    {},
    h('td', {}),
    ...FLOWS.map(({ flow, name }) =>
      h(
        'th',
        { scope: 'col', 'data-flow': flow },
        h('span', { class: `swatch swatch-${flow}`, 'aria-hidden': 'true' }),
        name,
        h('span', { class: 'count' }, ` (${totals[flow].count} records)`),
      ),
    ),
  );
  const rows = (['net', 'tax', 'gross'] as const).map((amount) =>
    h(
      'tr',
      { 'data-amount': amount },
      h('th', { scope: 'row' }, { net: 'Net', tax: 'Tax', gross: 'Gross' }[amount]),
      ...FLOWS.map(({ flow }) => amountCell(totals[flow][amount], locale)),
    ),
  );
  return h(
    'table',
    { class: 'totals' },
    h('caption', {}, 'Totals of the period'),
    h('thead', {}, head),
    h('tbody', {}, ...rows),
  );
}

/** The chart's values for screen readers: every group's gross expenses and incomes. */
function valuesTable(groups: readonly TotalsGroup[], by: string, locale: CardLocale): HTMLDivElement {
  // Hidden in a block of its own: a table does not clip its rows to a height of its own.
  return h('div', { class: 'visually-hidden' }, valuesRows(groups, by, locale));
}

function valuesRows(groups: readonly TotalsGroup[], by: string, locale: CardLocale): HTMLTableElement {
  return h(
    'table',
    { 'data-testid': 'chart-values' },
    h('caption', {}, `Gross expenses and incomes per ${by}`),
    h(
      'thead',
      {},
      h('tr', {}, h('th', { scope: 'col' }, by), ...FLOWS.map(({ name }) => h('th', { scope: 'col' }, name))),
    ),
    h(
      'tbody',
      {},
      ...groups.map((group) =>
        h(
          'tr',
          { 'data-group': group.key },
          h('th', { scope: 'row' }, group.label),
          ...FLOWS.map(({ flow }) => amountCell(group[flow].gross, locale)),
        ),
      ),
    ),
  );
}

function showTotals(
  root: HTMLElement,
  totals: Totals,
  business: string | undefined,
  locale: CardLocale,
): void {
  const by = totals.groupBy ? GROUPED_BY[totals.groupBy] : undefined;
  const period =
    totals.fromDate && totals.toDate
      ? `${date(totals.fromDate, locale)} to ${date(totals.toDate, locale)}`
      : undefined;
  const subtitle = [business ? `Business '${business}'` : undefined, period].filter(Boolean).join(', ');
  // Months as the locale names them; types and contacts by the names the tool gave.
  const groups = totals.groups.map((g) => (by === 'month' ? { ...g, label: month(g.label, locale) } : g));
  const shown = chartGroups(groups, MAX_GROUPS);
  const chart = h('div', { class: 'chart-box' });
  const legend = h(
    'p',
    { class: 'legend', 'aria-hidden': 'true' },
    h('span', {}, h('span', { class: 'swatch swatch-expenses' }), 'Expenses'),
    h('span', {}, h('span', { class: 'swatch swatch-incomes' }), 'Incomes'),
    h('span', { class: 'muted' }, '(gross)'),
  );
  const parts: Node[] = [
    h('h1', {}, by ? `Totals by ${by}` : 'Totals'),
    ...(subtitle ? [h('p', { class: 'muted subtitle' }, subtitle)] : []),
  ];
  if (groups.length === 0) {
    parts.push(h('p', { class: 'muted' }, 'No expenses or incomes in this period.'));
  } else {
    parts.push(legend, chart, valuesTable(groups, by ?? 'group', locale));
    if (shown.length < groups.length) {
      parts.push(
        h(
          'p',
          { class: 'muted note' },
          `The ${shown.length} largest of ${groups.length} groups are drawn; the totals count all of them.`,
        ),
      );
    }
  }
  parts.push(totalsTable(totals.totals, locale));
  root.replaceChildren(...parts);

  let drawnWidth = -1;
  const draw = (): void => {
    const width = Math.floor(chart.clientWidth);
    if (width <= 0 || width === drawnWidth) return;
    drawnWidth = width;
    chart.replaceChildren(barChart(shown, width, locale));
  };
  draw();
  new ResizeObserver(draw).observe(chart);
}

function main(): void {
  const root = document.getElementById('card');
  if (!root) return;
  const app = createCardApp('acctkit-totals-chart');
  let input: Readonly<Record<string, unknown>> = {};
  app.addEventListener('toolinput', (params) => {
    input = params.arguments ?? {};
  });
  app.addEventListener('toolresult', (result) => {
    if (result.isError) {
      root.replaceChildren(h('p', { class: 'outcome failed' }, `No totals: ${errorMessage(result)}`));
      return;
    }
    const totals = readTotals(result.structuredContent, input);
    if (!totals) {
      root.replaceChildren(h('p', { class: 'outcome failed' }, 'The tool result has no totals to show.'));
      return;
    }
    const business = typeof input.business === 'string' ? input.business : undefined;
    showTotals(root, totals, business, cardLocaleOf(result));
  });
  connectCard(app).catch((error: unknown) => showConnectionFailure(root, error));
}

main();
