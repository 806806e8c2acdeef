// The approval card end to end, as a person meets it in a host that renders MCP Apps: the model's
// delete or amount change comes back from the real server as approval_pending, the host reads the
// card the tool names (resources/read), embeds it with the tool's result, and passes the card's
// tools/call on to the server over the MCP client. Clicking Approve or Cancel in Chromium must
// settle the change in the sandbox, for both variants.
import { join } from 'node:path';
import { createMemoryChangeJournal } from '@acctkit/change-journal';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { getToolUiResourceUri, isToolVisibilityModelOnly } from '@modelcontextprotocol/ext-apps/app-bridge';
import { describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { call, mcpClient, ok, recordOf, useConnections } from './harness.js';
import type { OpenedCard } from './helpers/apps-host.js';
import { SCREENSHOTS, useCardBrowser } from './helpers/card-browser.js';
import { euro } from './helpers/card-format.js';

const connections = useConnections();
const EXPENSES = '/accounts/v2/expenses';
/** The capabilities of a host that renders MCP Apps. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

const cards = useCardBrowser();

/**
 * What a host does with a tool call whose tool names a card: call it, read the card, and show it
 * with the result; the card's own tool calls go to the server only for tools apps may call.
 */
async function showToolCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<OpenedCard> {
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === name);
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error(`${name} names no card`);
  const result = await call(client, name, args);
  const resource = await client.readResource({ uri });
  const html = (resource.contents[0] as { text?: string } | undefined)?.text;
  if (!html) throw new Error(`${uri} has no text`);
  return cards.host.open(cards.chromium, {
    html,
    toolInput: args,
    toolResult: result,
    onCallTool: async (request) => {
      const called = tools.find((t) => t.name === request.name);
      if (!called || isToolVisibilityModelOnly(called)) throw new Error(`${request.name} is not for apps`);
      return (await client.callTool(request)) as CallToolResult;
    },
  });
}

describe.each(['de', 'pt'] as const)('approval card against the server (%s)', (variant) => {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  let n = 0;
  const session = () =>
    mcpClient(
      {
        connections: [
          { ...(connections[variant] as BusinessConnection), journal: createMemoryChangeJournal() },
        ],
      },
      APPS,
    );
  const create = async (client: Client): Promise<{ id: number; total: string }> => {
    const expense = {
      date: '2026-04-01',
      total: `${700 + ++n}.40`,
      bank_account_id: ids.bank,
      ledger_account_id: ids.type,
    };
    return (await ok<{ record: { id: number; total: string } }>(client, 'create_expense', expense)).record;
  };

  it('Approve on the card deletes the expense', async () => {
    const { client, close } = await session();
    const { id } = await create(client);
    const card = await showToolCall(client, 'delete_expense', { id });
    try {
      const view = card.card;
      await view.getByTestId('action').waitFor();
      expect(await view.getByTestId('action').textContent()).toContain(`Delete expense ${id}`);
      expect(await view.locator('tr[data-field="id"] td').first().textContent()).toBe(String(id));
      // A delete changes every field; none is singled out.
      expect(await view.locator('tr.changed').count()).toBe(0);
      await card.settled();
      await card.screenshot(join(SCREENSHOTS, `server-${variant}-delete.png`));
      await view.getByRole('button', { name: 'Approve' }).click();
      await view.locator('.outcome.done').waitFor();
      expect(await view.getByTestId('outcome').textContent()).toBe('Done: deleted.');
      expect(await recordOf(connections[variant], EXPENSES, id)).toBeUndefined();
      expect(card.calls).toHaveLength(1);
      expect(card.foreignRequests()).toEqual([]);
      expect(card.problems).toEqual([]);
    } finally {
      await card.close();
      await close();
    }
  });

  it('Cancel on the card leaves the amount as it was', async () => {
    const { client, close } = await session();
    const { id, total } = await create(client);
    const card = await showToolCall(client, 'update_expense', { id, total: '1234.56' });
    try {
      const view = card.card;
      await view.getByTestId('action').waitFor();
      const row = view.locator('tr[data-field="total"]');
      expect(await row.getAttribute('class')).toBe('changed');
      expect(await row.locator('td').allTextContents()).toEqual([
        euro(total, variant),
        euro('1234.56', variant),
      ]);
      await card.settled();
      await card.screenshot(join(SCREENSHOTS, `server-${variant}-update.png`));
      await view.getByRole('button', { name: 'Cancel' }).click();
      await view.locator('.outcome.done').waitFor();
      expect(await view.getByTestId('outcome').textContent()).toBe('Cancelled: nothing was changed.');
      expect((await recordOf(connections[variant], EXPENSES, id))?.total).toBe(total);
      expect(card.foreignRequests()).toEqual([]);
      expect(card.problems).toEqual([]);
    } finally {
      await card.close();
      await close();
    }
  });
});
