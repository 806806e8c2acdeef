// The MCP Apps cards as a person meets them: each card is embedded in a host page in Debian Chromium
// and driven through ext-apps's `AppBridge` with tool results built from the sandbox's own records
// (both variants). The tests read what the card shows, click its buttons, check what it sends
// through the host, prove it makes no request, and keep a PNG of each card.
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { cardResultMeta } from '../src/apps/card-locale.js';
import { approvalCardHtml, chartCardHtml } from '../src/apps/cards.js';
import { mcpClient, ok, useConnections } from './harness.js';
import type { OpenCardOptions, OpenedCard } from './helpers/apps-host.js';
import { SCREENSHOTS, useCardBrowser } from './helpers/card-browser.js';
import { euro, localDate, localMonth } from './helpers/card-format.js';

const connections = useConnections();
const TOKEN = 'apr_test_0123456789abcdef';

type Variant = 'de' | 'pt';
type Fields = Record<string, unknown>;
interface Summary {
  groups: { key: string; label: string; expenses: { gross: string }; incomes: { gross: string } }[];
  totals: Record<'expenses' | 'incomes', { count: number; net: string; tax: string; gross: string }>;
}

const cards = useCardBrowser();
const opened: OpenedCard[] = [];
afterEach(async () => {
  // Whatever a test did, its card made no request beyond the host page, and nothing went wrong.
  for (const card of opened.splice(0)) {
    expect(card.foreignRequests()).toEqual([]);
    expect(card.problems).toEqual([]);
    await card.close();
  }
});

async function open(options: OpenCardOptions): Promise<OpenedCard> {
  const card = await cards.host.open(cards.chromium, options);
  opened.push(card);
  return card;
}

/** A sandbox expense of a variant, read through the server's own tools, and the business's name. */
async function sandboxExpense(variant: Variant): Promise<{ record: Fields; businessName: string }> {
  const { client, close } = await mcpClient({ connections: [connections[variant]] });
  try {
    const page = await ok<{ items: { id: number }[] }>(client, 'list_expenses', {
      from_date: '2026-01-01',
      to_date: '2026-06-30',
      limit: 1,
    });
    const record = await ok<Fields>(client, 'get_expense', { id: page.items[0]?.id });
    const businesses = await ok<{ items: { business_name: string }[] }>(client, 'list_businesses');
    return { record, businessName: businesses.items[0]?.business_name ?? variant };
  } finally {
    await close();
  }
}

async function sandboxSummary(variant: Variant, groupBy: 'month' | 'contact'): Promise<CallToolResult> {
  const { client, close } = await mcpClient({ connections: [connections[variant]] });
  try {
    const args = { from_date: '2026-01-01', to_date: '2026-06-30', group_by: groupBy };
    const content = await ok<Summary>(client, 'summarize_transactions', args);
    return {
      content: [{ type: 'text', text: JSON.stringify(content) }],
      structuredContent: content,
      _meta: cardResultMeta(variant),
    };
  } finally {
    await close();
  }
}

/** The result of a change tool that waits for approval, token and locale in `_meta` as the server sends them. */
function approvalPending(approval: Fields, token: string | null = TOKEN): CallToolResult {
  const variant = approval.business === 'pt' ? 'pt' : 'de';
  const structuredContent = {
    status: 'approval_pending',
    message: 'The user must approve this change; the card shows it with Approve and Cancel.',
    approval,
  };
  return {
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
    _meta: { ...(token === null ? {} : { 'io.acctkit/approval': { token } }), ...cardResultMeta(variant) },
  };
}

function changeResult(status: string, record: Fields | null): CallToolResult {
  const structuredContent = { status, record };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

async function rowTexts(card: OpenedCard): Promise<Record<string, [string, string, boolean]>> {
  const rows = await card.card
    .locator('table.record tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute('data-field') ?? '',
        tr.children[1]?.textContent ?? '',
        tr.children[2]?.textContent ?? '',
        tr.classList.contains('changed'),
      ]),
    );
  return Object.fromEntries(rows.map(([field, before, after, changed]) => [field, [before, after, changed]]));
}

describe('approval card', () => {
  it('shows a de delete with the record before, and Approve sends approve_change with the token', async () => {
    const { record, businessName } = await sandboxExpense('de');
    const action = `Delete expense ${record.id} in business 'de' (${businessName})`;
    const card = await open({
      html: await approvalCardHtml(),
      toolInput: { business: 'de', id: record.id },
      toolResult: approvalPending({
        action,
        business: 'de',
        kind: 'expense',
        id: record.id,
        before: record,
        after: null,
        changed: [],
      }),
      onCallTool: async () => changeResult('deleted', record),
    });

    const view = card.card;
    await view.getByTestId('action').waitFor();
    expect(await view.getByTestId('action').textContent()).toBe(action);
    expect(await view.locator('h1').textContent()).toBe('Approval needed');
    expect(await view.locator('thead').textContent()).toBe('FieldBeforeAfter (deleted)');
    const rows = await rowTexts(card);
    // Amounts and dates in the business's locale; nested records by name and id; nothing after.
    expect(rows.total).toEqual([euro(String(record.total), 'de'), '—', false]);
    expect(rows.gross_total).toEqual([euro(String(record.gross_total), 'de'), '—', false]);
    expect(rows.vat_value).toEqual([euro(String(record.vat_value), 'de'), '—', false]);
    expect(rows.bank_account?.[0]).toBe('Geschäftskonto Sparkasse (1)');
    expect(rows.date?.[0]).toBe(localDate(String(record.date), 'de'));
    expect(Object.keys(rows)).not.toContain('$url');
    // Fields by their labels, not the service's names.
    const labels = await view.locator('table.record tbody th').allTextContents();
    expect(labels).toContain('Gross total');
    expect(labels).toContain('Bank account');
    expect(labels.some((label) => label.includes('_'))).toBe(false);
    const approve = view.getByRole('button', { name: 'Approve' });
    const cancel = view.getByRole('button', { name: 'Cancel' });
    expect(await approve.isEnabled()).toBe(true);
    expect(await cancel.isEnabled()).toBe(true);
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'approval-de-delete-light.png'));

    await approve.click();
    await view.locator('.outcome.done').waitFor();
    expect(await view.getByTestId('outcome').textContent()).toBe('Done: deleted.');
    expect(await view.getByTestId('outcome').getAttribute('data-status')).toBe('deleted');
    expect(card.calls).toEqual([
      { name: 'approve_change', arguments: { approval: TOKEN, decision: 'approve' } },
    ]);
    expect(await approve.isDisabled()).toBe(true);
    expect(await cancel.isDisabled()).toBe(true);
    await expect.poll(() => card.modelContext.length).toBe(1);
    expect(card.modelContext[0]).toEqual({
      content: [
        { type: 'text', text: `The user approved "${action}" in the approval card; the result is deleted.` },
      ],
      structuredContent: {
        approval: {
          action,
          business: 'de',
          kind: 'expense',
          id: record.id,
          decision: 'approve',
          status: 'deleted',
        },
      },
    });
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'approval-de-deleted-light.png'));
  });

  it('shows a pt amount change with the changed fields marked, in dark mode, and Cancel sends cancel', async () => {
    const { record, businessName } = await sandboxExpense('pt');
    const after = { ...record, total: '1190.00' };
    const action = `Change the amount of expense ${record.id} in business 'pt' (${businessName}) from ${record.total} to 1190.00`;
    let answer: (result: CallToolResult) => void = () => {};
    const card = await open({
      html: await approvalCardHtml(),
      theme: 'dark',
      toolResult: approvalPending({
        action,
        business: 'pt',
        kind: 'expense',
        id: record.id,
        before: record,
        after,
        changed: ['total'],
      }),
      // Held until the test has seen the buttons disabled while the card waits.
      onCallTool: () => new Promise((resolve) => (answer = resolve)),
    });

    const view = card.card;
    await view.getByTestId('action').waitFor();
    expect(await view.getByTestId('action').textContent()).toBe(action);
    const rows = await rowTexts(card);
    expect(rows.total).toEqual([euro(String(record.total), 'pt'), euro('1190.00', 'pt'), true]);
    const day = localDate(String(record.date), 'pt');
    expect(rows.date).toEqual([day, day, false]);
    expect(Object.values(rows).filter(([, , changed]) => changed)).toHaveLength(1);
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'approval-pt-update-dark.png'));

    await view.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card.calls.length).toBe(1);
    expect(card.calls[0]).toEqual({
      name: 'approve_change',
      arguments: { approval: TOKEN, decision: 'cancel' },
    });
    expect(await view.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await view.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    expect(await view.getByTestId('outcome').textContent()).toBe('Cancelling…');
    answer(changeResult('cancelled', record));
    await view.locator('.outcome.done').waitFor();
    expect(await view.getByTestId('outcome').textContent()).toBe('Cancelled: nothing was changed.');
    await expect.poll(() => card.modelContext.length).toBe(1);
    expect(JSON.stringify(card.modelContext[0])).toContain('"decision":"cancel"');
  });

  it('shows a re-created record (undo of a delete) and the error approve_change returns', async () => {
    const { record, businessName } = await sandboxExpense('de');
    const action = `Undo the delete of expense ${record.id} in business 'de' (${businessName}): create it again`;
    const message = 'This approval has expired. Ask for the change again.';
    const card = await open({
      html: await approvalCardHtml(),
      toolResult: approvalPending({
        action,
        business: 'de',
        kind: 'expense',
        id: null,
        before: null,
        after: record,
        changed: [],
      }),
      onCallTool: async () => ({
        isError: true,
        content: [{ type: 'text', text: JSON.stringify({ error: { code: 'APPROVAL_EXPIRED', message } }) }],
        structuredContent: { error: { code: 'APPROVAL_EXPIRED', message } },
      }),
    });
    const view = card.card;
    await view.getByTestId('action').waitFor();
    expect(await view.locator('thead').textContent()).toBe('FieldBefore (none)After');
    expect((await rowTexts(card)).total).toEqual(['—', euro(String(record.total), 'de'), false]);
    await view.getByRole('button', { name: 'Approve' }).click();
    await view.locator('.outcome.failed').waitFor();
    expect(await view.getByTestId('outcome').textContent()).toBe(`Not done: ${message}`);
    expect(card.calls).toEqual([
      { name: 'approve_change', arguments: { approval: TOKEN, decision: 'approve' } },
    ]);
    await expect.poll(() => card.modelContext.length).toBe(1);
    expect(JSON.stringify(card.modelContext[0])).toContain(message);
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'approval-de-recreate-error-light.png'));
  });

  it('without the token in _meta, explains and offers no buttons to press', async () => {
    const { record } = await sandboxExpense('de');
    const card = await open({
      html: await approvalCardHtml(),
      toolResult: approvalPending(
        {
          action: 'Delete expense',
          business: 'de',
          kind: 'expense',
          id: 1,
          before: record,
          after: null,
          changed: [],
        },
        null,
      ),
    });
    const view = card.card;
    await view.getByTestId('action').waitFor();
    expect(await view.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await view.getByTestId('outcome').textContent()).toContain('did not pass the approval token');
  });

  it('shows the outcome of a change that needed no approval', async () => {
    const card = await open({
      html: await approvalCardHtml(),
      toolResult: changeResult('updated', { id: 3 }),
    });
    await card.card.locator('.outcome.done').waitFor();
    expect(await card.card.locator('.outcome').textContent()).toBe('Done: updated.');
    expect(await card.card.getByRole('button').count()).toBe(0);
  });
});

describe('host theme', () => {
  const background = (card: OpenedCard): Promise<string> =>
    card.card.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);

  it("follows the host's dark theme over the browser's light colour scheme", async () => {
    const card = await open({
      html: await chartCardHtml(),
      theme: 'dark',
      colorScheme: 'light',
      toolResult: await sandboxSummary('de', 'month'),
    });
    await card.card.locator('svg.chart').waitFor();
    expect(await card.card.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await background(card)).toBe('rgb(28, 28, 30)');
  });

  it("uses the host's own style variables", async () => {
    const card = await open({
      html: await approvalCardHtml(),
      styleVariables: { '--color-background-primary': '#fdf6e3', '--color-text-primary': '#073642' },
      toolResult: changeResult('deleted', null),
    });
    await card.card.locator('.outcome.done').waitFor();
    expect(await background(card)).toBe('rgb(253, 246, 227)');
    expect(await card.card.locator('body').evaluate((body) => getComputedStyle(body).color)).toBe(
      'rgb(7, 54, 66)',
    );
  });
});

describe('chart card', () => {
  it('draws de expenses and incomes per month with the exact totals', async () => {
    const result = await sandboxSummary('de', 'month');
    const summary = result.structuredContent as unknown as Summary;
    const card = await open({
      html: await chartCardHtml(),
      toolInput: { business: 'de', from_date: '2026-01-01', to_date: '2026-06-30', group_by: 'month' },
      toolResult: result,
    });
    const view = card.card;
    await view.locator('svg.chart').waitFor();
    expect(await view.locator('h1').textContent()).toBe('Totals by month');
    expect(await view.locator('.subtitle').textContent()).toBe(
      `Business 'de', ${localDate('2026-01-01', 'de')} to ${localDate('2026-06-30', 'de')}`,
    );
    const bars = await view
      .locator('rect.bar')
      .evaluateAll((rects) =>
        rects.map((r) => [
          r.getAttribute('data-group'),
          r.getAttribute('data-flow'),
          r.getAttribute('data-gross'),
        ]),
      );
    expect(bars).toEqual(
      summary.groups.flatMap((g) => [
        [g.key, 'expenses', g.expenses.gross],
        [g.key, 'incomes', g.incomes.gross],
      ]),
    );
    const values = await view.locator('text.value').allTextContents();
    expect(values).toEqual(
      summary.groups.flatMap((g) => [euro(g.expenses.gross, 'de'), euro(g.incomes.gross, 'de')]),
    );
    const months = summary.groups.map((g) => localMonth(g.key, 'de'));
    expect(await view.locator('text.label').allTextContents()).toEqual(months);
    // The drawing is hidden from screen readers; the table they read has every value.
    expect(await view.locator('svg.chart').getAttribute('aria-hidden')).toBe('true');
    const read = await view
      .getByTestId('chart-values')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    expect(read).toEqual(
      summary.groups.map((g, i) => [months[i], euro(g.expenses.gross, 'de'), euro(g.incomes.gross, 'de')]),
    );
    // The longest bar spans the room the card has; the others are in proportion.
    const widths = await view
      .locator('rect.bar')
      .evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().width));
    expect(Math.max(...widths)).toBeGreaterThan(250);
    const totals = await view
      .locator('table.totals tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    const { expenses, incomes } = summary.totals;
    expect(await view.locator('table.totals thead').textContent()).toBe(
      `Expenses (${expenses.count} records)Incomes (${incomes.count} records)`,
    );
    expect(totals).toEqual(
      (['net', 'tax', 'gross'] as const).map((a) => [
        { net: 'Net', tax: 'Tax', gross: 'Gross' }[a],
        euro(expenses[a], 'de'),
        euro(incomes[a], 'de'),
      ]),
    );
    // Nothing sticks out of a 400 px column.
    expect(await view.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'chart-de-month-light.png'));
  });

  it('draws the largest pt contacts in dark mode and says how many groups it left out', async () => {
    const result = await sandboxSummary('pt', 'contact');
    const summary = result.structuredContent as unknown as Summary;
    expect(summary.groups.length).toBeGreaterThan(15);
    const card = await open({
      html: await chartCardHtml(),
      theme: 'dark',
      toolInput: { from_date: '2026-01-01', to_date: '2026-06-30', group_by: 'contact' },
      toolResult: result,
    });
    const view = card.card;
    await view.locator('svg.chart').waitFor();
    expect(await view.locator('h1').textContent()).toBe('Totals by contact');
    expect(await view.locator('rect.bar').count()).toBe(30);
    expect(await view.locator('.note').textContent()).toBe(
      `The 15 largest of ${summary.groups.length} groups are drawn; the totals count all of them.`,
    );
    expect(await view.locator('table.totals tbody tr[data-amount="gross"] td').last().textContent()).toBe(
      euro(summary.totals.incomes.gross, 'pt'),
    );
    // Contacts that only incomes name are shown by name, not as `contact 101`.
    expect(summary.groups.some((g) => /^contact \d+$/.test(g.label))).toBe(false);
    expect(
      (await view.locator('text.label').allTextContents()).some((label) => /^contact \d+$/.test(label)),
    ).toBe(false);
    await card.settled();
    await card.screenshot(join(SCREENSHOTS, 'chart-pt-contact-dark.png'));
  });

  it('shows the message of a failed summary', async () => {
    const message = "Some arguments are not valid for business 'de' (de).";
    const card = await open({
      html: await chartCardHtml(),
      toolResult: {
        isError: true,
        content: [{ type: 'text', text: JSON.stringify({ error: { code: 'INVALID_ARGUMENTS', message } }) }],
        structuredContent: { error: { code: 'INVALID_ARGUMENTS', message } },
      },
    });
    await card.card.locator('.outcome.failed').waitFor();
    expect(await card.card.locator('.outcome').textContent()).toBe(`No totals: ${message}`);
  });
});
