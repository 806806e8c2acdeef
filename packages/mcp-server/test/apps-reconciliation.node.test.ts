// The reconciliation card and the approval card of book_statement_lines end to end, as a person meets
// them in a host that renders MCP Apps: the real server answers reconcile_statement for a statement
// built from the sandbox's books (both variants), the host reads the card the tool names and shows it
// with the result in Debian Chromium; book_statement_lines waits for Approve on the approval card,
// which lists the lines, books them once, and a second answer to the same card does nothing.
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { fails, ok, recordOf, useConnections } from './harness.js';
import { SCREENSHOTS, useCardBrowser } from './helpers/card-browser.js';
import { euro, localDate } from './helpers/card-format.js';
import {
  appsSession,
  cardCall,
  HOSTILE_COUNTERPARTY,
  HOSTILE_REMITTANCE,
  reconcileStatementArgs,
  reconciliationCall,
} from './helpers/card-results.js';

const connections = useConnections();

type Line = {
  line: string;
  status: string;
  date: string;
  amount: string;
  counterparty?: string;
  proposal?: { contact_id?: number | null };
};

const cards = useCardBrowser();

describe.each(['de', 'pt'] as const)('reconciliation card (%s)', (variant) => {
  it('shows every line with its status, date, amount and decision, the balance check, and payer texts as text', async () => {
    const made = await reconciliationCall(connections[variant]);
    const result = made.toolResult.structuredContent as {
      summary: Record<string, unknown>;
      lines: Line[];
    };
    expect(made.toolResult._meta?.['io.acctkit/card']).toEqual({
      locale: variant === 'de' ? 'de-DE' : 'pt-PT',
      currency: 'EUR',
    });
    const statuses = result.lines.map((l) => l.status);
    expect(statuses).toContain('matched');
    expect(statuses.filter((s) => s === 'ambiguous')).toHaveLength(2);
    expect(statuses).toContain('unmatched');

    const card = await cards.host.open(cards.chromium, { ...made, width: 400 });
    try {
      const view = card.card;
      await view.locator('ol.lines').waitFor();
      expect(await view.locator('h1').textContent()).toBe('Bank statement reconciliation');
      const s = result.summary;
      expect(await view.getByTestId('counts').textContent()).toBe(
        `${s.lines} lines: ${s.matched} matched, ${s.ambiguous} ambiguous, ${s.unmatched} unmatched.`,
      );
      const shown = await view.locator('li.line').evaluateAll((items) =>
        items.map((li) => ({
          line: li.getAttribute('data-line'),
          status: li.getAttribute('data-status'),
          badge: li.querySelector('.badge')?.textContent,
          date: li.querySelector('.date')?.textContent,
          amount: li.querySelector('.amount')?.textContent,
          amountLang: li.querySelector('.amount')?.getAttribute('lang'),
        })),
      );
      expect(shown).toEqual(
        result.lines.map((l) => ({
          line: l.line,
          status: l.status,
          badge: `${l.status.charAt(0).toUpperCase()}${l.status.slice(1)}`,
          date: localDate(l.date, variant),
          amount: euro(l.amount, variant),
          amountLang: variant === 'de' ? 'de-DE' : 'pt-PT',
        })),
      );
      // What was decided, per status.
      const decisions = await view.getByTestId('decision').allTextContents();
      result.lines.forEach((l, i) => {
        const text = decisions[i] ?? '';
        if (l.status === 'matched') expect(text).toMatch(/^Matched to (expense|income) \d+ of /);
        if (l.status === 'ambiguous')
          expect(text).toMatch(/^Other lines fit the same record: (expense|income) \d+\./);
        if (l.status === 'unmatched') expect(text).toMatch(/^Proposal: new (expense|income)/);
      });
      // The balance check: the file adds up and the books agree.
      const balance = view.getByTestId('balance');
      expect(await balance.locator('dd[data-term="Statement"]').textContent()).toContain('Adds up');
      expect(await balance.locator('dd[data-term="Closing balance"]').textContent()).toBe(
        euro(String(s.closing_balance), variant),
      );
      expect(await balance.locator('dd[data-term="Difference"]').textContent()).toBe(
        `${euro('0.00', variant)} (the books agree)`,
      );
      // The payer's texts are text: no element, no script ran, shown exactly as sent.
      const evil = view.locator('li.line', { hasText: 'Evil GmbH' });
      // As the tool returned them (the parser drops control characters such as the direction override).
      const sent = result.lines.find((l) => l.counterparty?.includes('Evil GmbH')) as Line & {
        remittance?: string;
      };
      expect(sent.counterparty).toBe(HOSTILE_COUNTERPARTY.replace('\u202E', ''));
      expect(await evil.getByTestId('counterparty').textContent()).toBe(sent.counterparty);
      expect(await evil.getByTestId('remittance').textContent()).toBe(HOSTILE_REMITTANCE);
      expect(await view.locator('img, script:not(:first-of-type), li.line b').count()).toBe(0);
      expect(await evil.locator('bdi').count()).toBe(2);
      expect(await view.locator('html').evaluate(() => document.title)).toBe('Bank statement reconciliation');
      await card.settled();
      await card.screenshot(join(SCREENSHOTS, `reconciliation-${variant}.png`));
      expect(card.foreignRequests()).toEqual([]);
      expect(card.problems).toEqual([]);
    } finally {
      await card.close();
    }
  }, 120_000);
});

describe('book_statement_lines on the approval card (de)', () => {
  it('lists the lines, books them once on Approve, and a second answer to the card does nothing', async () => {
    const connection = connections.de;
    const args = await reconcileStatementArgs(connection);
    const { client, close } = await appsSession(connection);
    try {
      const listed = await ok<{ lines: Line[] }>(client, 'reconcile_statement', { ...args, limit: 200 });
      const lines = listed.lines
        .filter((l) => l.status === 'unmatched' && l.amount.startsWith('-'))
        .slice(0, 2);
      expect(lines).toHaveLength(2);
      const book = {
        ...args,
        lines: lines.map((l) => l.line),
        overrides: lines.map((l) => ({ line: l.line, ledger_account_id: 111 })),
        confirm: true,
      };
      // The names the card should show, read as a client would.
      // A de expense type is a ledger account, named by its display_name.
      const types = await ok<{ items: { id: number; display_name?: string }[] }>(client, 'list_reference', {
        kind: 'expense_types',
        limit: 200,
      });
      const ledgerAccount = types.items.find((t) => t.id === 111)?.display_name;
      expect(ledgerAccount).toBeTypeOf('string');
      const contacts = await ok<{ items: { id: number; name?: string; company?: string }[] }>(
        client,
        'list_contacts',
        { limit: 200 },
      );
      const contactNames = new Map(contacts.items.map((c) => [c.id, c.company || c.name]));
      const { tools } = await client.listTools();
      const shown = await cardCall(client, 'book_statement_lines', book);
      // confirm: true does not skip the card: nothing is booked yet.
      expect((shown.toolResult.structuredContent as { status?: string }).status).toBe('approval_pending');
      const token = String(
        (shown.toolResult._meta?.['io.acctkit/approval'] as { token?: string } | undefined)?.token,
      );
      const card = await cards.host.open(cards.chromium, {
        ...shown,
        onCallTool: async (request) => {
          const called = tools.find((t) => t.name === request.name);
          if (!called) throw new Error(`${request.name} is not listed`);
          return (await client.callTool(request)) as CallToolResult;
        },
      });
      try {
        const view = card.card;
        await view.getByTestId('action').waitFor();
        expect(await view.getByTestId('action').textContent()).toContain('Book 2 bank statement line(s)');
        // One row a line: date and amount in the business's format with the statement's currency, the
        // counterparty exactly as the statement wrote it (text, never markup), the contact and the
        // ledger account by name.
        const rows = await view.locator('table.lines tbody tr').evaluateAll((trs) =>
          // innerText: the parts of "Books as" are blocks, one a line, as a person reads them.
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered lines are what is asserted
          trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)),
        );
        expect(rows).toHaveLength(2);
        expect(await view.locator('table.lines img, table.lines b').count()).toBe(0);
        lines.forEach((l, i) => {
          const contact =
            typeof l.proposal?.contact_id === 'number'
              ? `${contactNames.get(l.proposal.contact_id)} (${l.proposal.contact_id})`
              : '—';
          expect(rows[i]).toEqual([
            `Line ${i + 1}`,
            localDate(l.date, 'de'),
            euro(l.amount, 'de'),
            l.counterparty || '—',
            `Expense\nContact: ${contact}\nLedger account: ${ledgerAccount} (111)`,
          ]);
        });
        await card.settled();
        await card.screenshot(join(SCREENSHOTS, 'book-statement-lines-approval.png'));

        await view.getByRole('button', { name: 'Approve' }).click();
        await view.locator('.outcome.done').waitFor();
        expect(await view.getByTestId('outcome').textContent()).toBe('Done: booked.');
        expect(card.calls).toEqual([
          { name: 'approve_change', arguments: { approval: token, decision: 'approve' } },
        ]);
        expect(await view.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      } finally {
        await card.close();
      }
      const booked = async () =>
        (await ok<{ items: { tool: string; recordId: number }[] }>(client, 'list_changes', {})).items.filter(
          (c) => c.tool === 'book_statement_lines',
        );
      const first = await booked();
      expect(first).toHaveLength(2);
      for (const entry of first)
        expect(await recordOf(connection, '/accounts/v2/expenses', entry.recordId)).toBeDefined();

      // The same card answered again (a second click, a replayed message): the token is spent.
      expect((await fails(client, 'approve_change', { approval: token, decision: 'approve' })).code).toBe(
        'NOT_FOUND',
      );
      expect(await booked()).toHaveLength(2);
      // Asked again, the lines are already booked: nothing waits for the card, nothing is booked twice.
      const again = await ok<{ status: string; lines: { status: string }[] }>(
        client,
        'book_statement_lines',
        book,
      );
      expect(again.status).toBe('booked');
      expect(again.lines.map((l) => l.status)).toEqual(['already_created', 'already_created']);
      expect(await booked()).toHaveLength(2);
    } finally {
      await close();
    }
  }, 180_000);
});
