// The chart card of `summarize_transactions`: gross expenses and incomes per group as bars, and the
// period's totals (count, net, tax, gross) exactly as the tool computed them.

import { barChart } from './bar-chart.js';
import { connectCard, createCardApp, showConnectionFailure } from './card-app.js';
import { h } from './dom.js';
import { errorMessage } from './tool-result.js';
import { chartGroups, type FlowTotals, readTotals, type Totals } from './totals-data.js';

/** At most this many groups get bars; the totals always count every group. */
const MAX_GROUPS = 15;

const GROUPED_BY: Readonly<Record<string, string>> = { month: 'month', type: 'type', contact: 'contact' };

function totalsRow(name: string, flow: 'expenses' | 'incomes', totals: FlowTotals): HTMLTableRowElement {
  return h(
    'tr',
    { 'data-flow': flow },
    h(
      'th',
      { scope: 'row' },
      h('span', { class: `swatch swatch-${flow}`, 'aria-hidden': 'true' }),
      name,
      h('span', { class: 'count muted', title: 'records' }, ` (${totals.count})`),
    ),
    h('td', {}, totals.net),
    h('td', {}, totals.tax),
    h('td', {}, totals.gross),
  );
}

function totalsTable(totals: Totals['totals']): HTMLTableElement {
  return h(
    'table',
    { class: 'totals' },
    h('caption', {}, 'Totals of the period'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Records'),
        h('th', { scope: 'col' }, 'Net'),
        h('th', { scope: 'col' }, 'Tax'),
        h('th', { scope: 'col' }, 'Gross'),
      ),
    ),
    h(
      'tbody',
      {},
      totalsRow('Expenses', 'expenses', totals.expenses),
      totalsRow('Incomes', 'incomes', totals.incomes),
    ),
  );
}

function showTotals(root: HTMLElement, totals: Totals, business: string | undefined): void {
  const by = totals.groupBy ? GROUPED_BY[totals.groupBy] : undefined;
  const period = totals.fromDate && totals.toDate ? `${totals.fromDate} to ${totals.toDate}` : undefined;
  const subtitle = [business ? `Business '${business}'` : undefined, period].filter(Boolean).join(', ');
  const shown = chartGroups(totals.groups, MAX_GROUPS);
  const chart = h('div', { class: 'chart-box' });
  const legend = h(
    'p',
    { class: 'legend' },
    h('span', {}, h('span', { class: 'swatch swatch-expenses', 'aria-hidden': 'true' }), 'Expenses'),
    h('span', {}, h('span', { class: 'swatch swatch-incomes', 'aria-hidden': 'true' }), 'Incomes'),
    h('span', { class: 'muted' }, '(gross)'),
  );
  const parts: Node[] = [
    h('h1', {}, by ? `Totals by ${by}` : 'Totals'),
    ...(subtitle ? [h('p', { class: 'muted subtitle' }, subtitle)] : []),
  ];
  if (totals.groups.length === 0) {
    parts.push(h('p', { class: 'muted' }, 'No expenses or incomes in this period.'));
  } else {
    parts.push(legend, chart);
    if (shown.length < totals.groups.length) {
      parts.push(
        h(
          'p',
          { class: 'muted note' },
          `The ${shown.length} largest of ${totals.groups.length} groups are drawn; the totals count all of them.`,
        ),
      );
    }
  }
  parts.push(totalsTable(totals.totals));
  root.replaceChildren(...parts);

  let drawnWidth = -1;
  const draw = (): void => {
    const width = Math.floor(chart.clientWidth);
    if (width <= 0 || width === drawnWidth) return;
    drawnWidth = width;
    chart.replaceChildren(barChart(shown, width));
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
    showTotals(root, totals, business);
  });
  connectCard(app).catch((error: unknown) => showConnectionFailure(root, error));
}

main();
