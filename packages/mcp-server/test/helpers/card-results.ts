// Tool results for the card tests, made by the real server for a client that renders MCP Apps (so
// they carry the `_meta` the server sends a card: the approval token, the business's locale), from the
// sandbox's own records, and the card each tool names in `tools/list`.
import { createMemoryChangeJournal } from '@acctkit/change-journal';
import { sumDecimals } from '@acctkit/client';
import { type StatementLine, serializeStatement } from '@acctkit/reconcile';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { BusinessConnection } from '../../src/index.js';
import { call, mcpClient, ok } from '../harness.js';
import { statementFromBooks } from './statement-from-books.js';

/** The capabilities of a host that renders MCP Apps. */
export const APPS_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/** A statement text no card may treat as markup: tags, a script, and a right-to-left override. */
export const HOSTILE_COUNTERPARTY = '<img src=x onerror="document.title=1"><b>Evil GmbH</b> \u202Egnp.exe';
export const HOSTILE_REMITTANCE = '<script>document.title="pwned"</script>Invoice 4711';

/** What a host shows for a call: the card's HTML, the arguments and the result. */
export interface CardCall {
  readonly html: string;
  readonly toolInput: Record<string, unknown>;
  readonly toolResult: CallToolResult;
}

/** A session of the server with one business, as a host that renders MCP Apps connects. */
export function appsSession(
  connection: BusinessConnection,
): Promise<{ client: Client; close: () => Promise<void> }> {
  return mcpClient(
    { connections: [{ ...connection, journal: createMemoryChangeJournal() }] },
    APPS_CAPABILITIES,
  );
}

/** Calls a tool as a host does: the result, and the card the tool names, read through `resources/read`. */
export async function cardCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CardCall> {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === name);
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error(`${name} names no card`);
  const toolResult = await call(client, name, args);
  const resource = await client.readResource({ uri });
  const html = (resource.contents[0] as { text?: string } | undefined)?.text;
  if (!html) throw new Error(`${uri} has no text`);
  return { html, toolInput: args, toolResult };
}

/**
 * A statement of the sandbox's September 2026 for a business: its booked records (matched), the
 * helper's three lines the books lack (unmatched), a second line for the first record (both lines
 * then tie for it: ambiguous) and a line whose payer texts are {@link HOSTILE_COUNTERPARTY} and
 * {@link HOSTILE_REMITTANCE}. The opening balance keeps the file adding up and the closing balance
 * equal to the books.
 */
export async function reconcileStatementArgs(
  connection: BusinessConnection,
): Promise<{ statement: string; bank_account_id: number }> {
  const { statement, bankAccountId } = await statementFromBooks(connection, {
    from: '2026-09-01',
    to: '2026-09-30',
  });
  const first = statement.lines[0] as StatementLine;
  const extra: StatementLine[] = [
    { ...first, bankReference: 'DUP-0001', remittance: 'second payment' },
    {
      line: '',
      currency: 'EUR',
      bookingDate: first.bookingDate,
      valueDate: first.bookingDate,
      amount: '-12.34',
      counterpartyName: HOSTILE_COUNTERPARTY,
      remittance: HOSTILE_REMITTANCE,
      bankReference: 'EVIL-0001',
    },
  ];
  const negate = (a: string): string => (a.startsWith('-') ? a.slice(1) : `-${a}`);
  const opening = statement.opening as { amount: string; date: string };
  const xml = serializeStatement({
    ...statement,
    opening: { ...opening, amount: sumDecimals([opening.amount, ...extra.map((l) => negate(l.amount))]) },
    lines: [...statement.lines, ...extra],
  });
  return { statement: xml, bank_account_id: bankAccountId };
}

/** The `reconcile_statement` call of {@link reconcileStatementArgs}, as a host shows it. */
export async function reconciliationCall(connection: BusinessConnection, limit = 200): Promise<CardCall> {
  const args = { ...(await reconcileStatementArgs(connection)), limit };
  const { client, close } = await appsSession(connection);
  try {
    return await cardCall(client, 'reconcile_statement', args);
  } finally {
    await close();
  }
}

/** The `summarize_transactions` call of the first half of 2026, as a host shows it. */
export async function chartCall(
  connection: BusinessConnection,
  groupBy: 'month' | 'contact',
): Promise<CardCall> {
  const { client, close } = await appsSession(connection);
  try {
    return await cardCall(client, 'summarize_transactions', {
      from_date: '2026-01-01',
      to_date: '2026-06-30',
      group_by: groupBy,
    });
  } finally {
    await close();
  }
}

/** A delete of a new expense waiting on the approval card, as a host shows it. */
export async function approvalCall(connection: BusinessConnection, variant: 'de' | 'pt'): Promise<CardCall> {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  const { client, close } = await appsSession(connection);
  try {
    const made = await ok<{ record: { id: number } }>(client, 'create_expense', {
      date: '2026-04-01',
      total: '1234.50',
      bank_account_id: ids.bank,
      ledger_account_id: ids.type,
      allow_duplicate: true,
    });
    return await cardCall(client, 'delete_expense', { id: made.record.id });
  } finally {
    await close();
  }
}
