import { createMemoryChangeJournal } from '@acctkit/change-journal';
import { createMemoryStorage } from '@acctkit/token-vault';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { call, fails, mcpClient, ok, recordOf, useConnections } from './harness.js';

const connections = useConnections();
const EXPENSES = '/accounts/v2/expenses';

/** The capabilities of a host that renders MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

type Pending = {
  status: string;
  message: string;
  approval: {
    action: string;
    business: string;
    kind: string;
    id: number | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    changed: string[];
  };
};

function tokenOf(result: CallToolResult): string {
  const meta = result._meta?.['io.acctkit/approval'] as { token?: string } | undefined;
  if (!meta?.token) throw new Error(`no approval token in ${JSON.stringify(result)}`);
  return meta.token;
}

async function pending(client: Client, name: string, args: Record<string, unknown>) {
  const result = await call(client, name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  // The token reaches the card through _meta; the model's text and structured content do not carry it.
  const token = tokenOf(result);
  expect(JSON.stringify(result.content)).not.toContain(token);
  expect(JSON.stringify(result.structuredContent)).not.toContain(token);
  return { token, data: result.structuredContent as Pending };
}

describe.each(['de', 'pt'] as const)('approval cards (%s)', (variant) => {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  let n = 0;
  const expense = () => ({
    date: '2026-04-01',
    total: `${300 + ++n}.25`,
    bank_account_id: ids.bank,
    ledger_account_id: ids.type,
  });
  const session = (capabilities = APPS) =>
    mcpClient(
      {
        connections: [
          { ...(connections[variant] as BusinessConnection), journal: createMemoryChangeJournal() },
        ],
      },
      capabilities,
    );

  it('links the cards to their tools, lists approve_change and serves the cards only to hosts that render apps', async () => {
    const apps = await session();
    const { tools } = await apps.client.listTools();
    const meta = (name: string) =>
      tools.find((t) => t.name === name)?._meta as
        | { ui?: { resourceUri?: string; visibility?: string[] } }
        | undefined;
    for (const name of ['delete_expense', 'delete_contact', 'update_expense', 'undo_change'])
      expect(meta(name)?.ui?.resourceUri, name).toBe('ui://acctkit/approval.html');
    expect(meta('summarize_transactions')?.ui?.resourceUri).toBe('ui://acctkit/totals-chart.html');
    expect(meta('reconcile_statement')?.ui?.resourceUri).toBe('ui://acctkit/reconciliation.html');
    // Only the card calls approve_change: hidden from the model, no card of its own.
    expect(meta('approve_change')?.ui).toEqual({ visibility: ['app'] });
    // The card asks the user whatever `confirm` says: an Apps host's listing leaves it out.
    for (const name of ['delete_expense', 'update_expense', 'undo_change', 'book_statement_lines'])
      expect(
        Object.keys(tools.find((t) => t.name === name)?.inputSchema.properties ?? {}),
        name,
      ).not.toContain('confirm');
    expect(meta('create_expense')).toBeUndefined();
    const card = await apps.client.readResource({ uri: 'ui://acctkit/approval.html' });
    expect(card.contents[0]?.mimeType).toBe('text/html;profile=mcp-app');
    expect((card.contents[0] as { text: string }).text).toMatch(/^<!doctype html>/i);
    await apps.close();

    const plain = await session({} as typeof APPS);
    const listed = (await plain.client.listTools()).tools;
    expect(listed.some((t) => t.name === 'approve_change')).toBe(false);
    expect(listed.every((t) => t._meta === undefined)).toBe(true);
    await plain.close();
  });

  it('a delete waits for Approve on the card, even with confirm: true; Cancel drops it', async () => {
    const { client, close } = await session();
    const made = await ok<{ record: { id: number } }>(client, 'create_expense', expense());
    const id = made.record.id;

    const first = await pending(client, 'delete_expense', { id, confirm: true });
    expect(first.data).toMatchObject({
      status: 'approval_pending',
      approval: { business: variant, kind: 'expenses', id, after: null, before: { id } },
    });
    expect(first.data.approval.action).toContain(`Delete expense ${id}`);
    expect(await recordOf(connections[variant], EXPENSES, id)).toBeDefined();

    const cancelled = await ok<{ status: string }>(client, 'approve_change', {
      approval: first.token,
      decision: 'cancel',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(await recordOf(connections[variant], EXPENSES, id)).toBeDefined();
    // A token answers once.
    expect((await fails(client, 'approve_change', { approval: first.token, decision: 'approve' })).code).toBe(
      'NOT_FOUND',
    );

    const second = await pending(client, 'delete_expense', { id });
    const approved = await ok<{ status: string }>(client, 'approve_change', {
      approval: second.token,
      decision: 'approve',
    });
    expect(approved.status).toBe('deleted');
    expect(await recordOf(connections[variant], EXPENSES, id)).toBeUndefined();
    const [entry] = (
      await ok<{ items: { operation: string; recordId: number }[] }>(client, 'list_changes', {})
    ).items;
    expect(entry).toMatchObject({ operation: 'delete', recordId: id });
    await close();
  });

  it('an amount change shows before and after, and is refused when the record changed after the card was shown', async () => {
    const { client, close } = await session();
    const made = await ok<{ record: { id: number; total: string } }>(client, 'create_expense', expense());
    const id = made.record.id;
    const card = await pending(client, 'update_expense', { id, total: '999.99' });
    expect(card.data.approval.before?.total).toBe(made.record.total);
    expect(card.data.approval.after?.total).toBe('999.99');
    expect(card.data.approval.changed).toContain('total');
    // Amounts the service derives are not shown stale: it computes them from the new net.
    if (variant === 'de') expect(card.data.approval.after?.gross_total).toBe('computed by the service');

    // Someone changes the amount in the meantime: the approval no longer covers what would happen.
    const direct = connections[variant].client as unknown as {
      PUT(path: string, init: unknown): Promise<{ response: Response }>;
    };
    const body = variant === 'de' ? { expense: { total: '555.55' } } : { total: '555.55' };
    expect((await direct.PUT(`${EXPENSES}/{id}`, { params: { path: { id } }, body })).response.ok).toBe(true);
    const stale = await fails(client, 'approve_change', { approval: card.token, decision: 'approve' });
    expect(stale.code).toBe('RECORD_CHANGED');
    expect((await recordOf(connections[variant], EXPENSES, id))?.total).toBe('555.55');

    const fresh = await pending(client, 'update_expense', { id, total: '999.99' });
    expect(
      (await ok<{ status: string }>(client, 'approve_change', { approval: fresh.token, decision: 'approve' }))
        .status,
    ).toBe('updated');
    expect((await recordOf(connections[variant], EXPENSES, id))?.total).toBe('999.99');
    await close();
  });

  it("another OAuth client cannot answer a grant's card, even with its token, and its attempt leaves the card pending for its owner", async () => {
    // Two grants of one remote server: one storage of approvals, each server acting for its own client.
    const approvals = createMemoryStorage();
    const connection = {
      ...(connections[variant] as BusinessConnection),
      journal: createMemoryChangeJournal(),
    };
    const owner = await mcpClient({ connections: [connection], approvals, oauthClientId: 'client-a' }, APPS);
    const other = await mcpClient({ connections: [connection], approvals, oauthClientId: 'client-b' }, APPS);
    const made = await ok<{ record: { id: number } }>(owner.client, 'create_expense', expense());
    const card = await pending(owner.client, 'delete_expense', { id: made.record.id });
    const refused = await fails(other.client, 'approve_change', {
      approval: card.token,
      decision: 'approve',
    });
    expect(refused.code).toBe('NOT_FOUND');
    expect(await recordOf(connections[variant], EXPENSES, made.record.id)).toBeDefined();
    // The refused attempt left the approval pending: its owner's Approve still runs it.
    const approved = await ok<{ status: string }>(owner.client, 'approve_change', {
      approval: card.token,
      decision: 'approve',
    });
    expect(approved.status).toBe('deleted');
    expect(await recordOf(connections[variant], EXPENSES, made.record.id)).toBeUndefined();
    await Promise.all([owner.close(), other.close()]);
  });

  it('an undo waits for the card too', async () => {
    const { client, close } = await session();
    const made = await ok<{ record: { id: number } }>(client, 'create_expense', expense());
    const [entry] = (await ok<{ items: { id: string }[] }>(client, 'list_changes', {})).items;
    const card = await pending(client, 'undo_change', { change: entry?.id });
    expect(card.data.approval).toMatchObject({ kind: 'expenses', id: made.record.id, after: null });
    const undone = await ok<{ status: string }>(client, 'approve_change', {
      approval: card.token,
      decision: 'approve',
    });
    expect(undone.status).toBe('undone');
    expect(await recordOf(connections[variant], EXPENSES, made.record.id)).toBeUndefined();
    await close();
  });
});
