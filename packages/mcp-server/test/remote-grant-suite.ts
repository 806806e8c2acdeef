// What a grant's tokens may do on the remote server, run on Node (remote-grants.node.test.ts) and
// under workerd (remote-workers.node.test.ts): each request is served with the scope of the token that
// made it, and an approval card's answer counts only from the grant that asked.

import type { RunningServer } from '@acctkit/sandbox';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  authorizeWithoutBrowser,
  exchange,
  type ProtocolVersion,
  register,
  remoteClient,
  type Target,
  tokenRequest,
} from './remote-helpers.js';

/** The capabilities of a host that renders MCP Apps: confirmations wait for the approval card. */
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

let made = 0;
/** A new contact each time: the duplicate guard refuses a second create of the same one. */
const contact = () => ({
  name: `Grant Suite ${++made} ${crypto.randomUUID().slice(0, 8)} GmbH`,
  contact_type_id: 2,
  main_address: { line_1: 'Hauptstr. 1', town: 'Köln', postcode: '50667' },
});

/** A new grant of `clientId`: its tokens, after the consent page and the service's sign-in. */
async function signIn(
  remote: Target,
  sandbox: RunningServer,
  clientId: string,
): Promise<{ clientId: string; accessToken: string; refreshToken: string }> {
  const a = await authorizeWithoutBrowser(remote, sandbox, { clientId });
  const { status, body } = await exchange(remote, a);
  expect(status).toBe(200);
  return {
    clientId: a.clientId,
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token),
  };
}

/** The approval token a pending change hands to its card in `_meta`. */
function approvalTokenOf(result: CallToolResult): string {
  const meta = result._meta?.['io.acctkit/approval'] as { token?: string } | undefined;
  if (!meta?.token) throw new Error(`no approval token in ${JSON.stringify(result).slice(0, 400)}`);
  return meta.token;
}

async function errorCode(client: Client, name: string, args: Record<string, unknown>): Promise<unknown> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  const text = result.content[0];
  return text?.type === 'text'
    ? (JSON.parse(text.text) as { error?: { code?: unknown } }).error?.code
    : undefined;
}

export function grantSuite(name: string, env: () => { sandbox: RunningServer; remote: Target }): void {
  describe(name, () => {
    // Two MCP clients for the whole suite: registrations are rate-limited per address.
    const clients: Promise<string>[] = [];
    const registered = (n: 0 | 1): Promise<string> => {
      clients[n] ??= register(env().remote);
      return clients[n];
    };
    it.each<ProtocolVersion>(['2026-07-28', '2025-11-25'])(
      'serves a token refreshed down to readonly with the read-only catalogue, while the full token of its grant still writes (%s)',
      async (version) => {
        const { sandbox, remote } = env();
        const full = await signIn(remote, sandbox, await registered(0));
        const narrowed = await tokenRequest(remote, {
          grant_type: 'refresh_token',
          client_id: full.clientId,
          refresh_token: full.refreshToken,
          scope: 'readonly',
        });
        expect(narrowed).toMatchObject({ status: 200, body: { scope: 'readonly' } });

        const reader = await remoteClient(remote, String(narrowed.body.access_token), { version });
        const listed = (await reader.listTools()).tools;
        expect(listed.map((t) => t.name)).toContain('list_contacts');
        expect(listed.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual([]);
        for (const write of ['create_contact', 'delete_contact', 'update_contact'])
          await expect(reader.callTool({ name: write, arguments: contact() })).rejects.toThrow(/not found/i);
        await reader.close();

        const writer = await remoteClient(remote, full.accessToken, { version });
        expect((await writer.listTools()).tools.map((t) => t.name)).toContain('create_contact');
        const wanted = contact();
        const created = await writer.callTool({ name: 'create_contact', arguments: wanted });
        expect(created.isError, JSON.stringify(created.structuredContent)).toBeFalsy();
        expect(created.structuredContent).toMatchObject({ record: { name: wanted.name } });
        await writer.close();
      },
    );

    it('leaves an approval pending for its grant when another grant of the same client, or another client, answers the card with its token', async () => {
      const { sandbox, remote } = env();
      const owner = await signIn(remote, sandbox, await registered(0));
      const sameClient = await signIn(remote, sandbox, owner.clientId);
      const otherClient = await signIn(remote, sandbox, await registered(1));
      const asking = await remoteClient(remote, owner.accessToken, { capabilities: APPS });
      const created = await asking.callTool({ name: 'create_contact', arguments: contact() });
      expect(created.isError, JSON.stringify(created.structuredContent)).toBeFalsy();
      const id = (created.structuredContent as { record: { id: number } }).record.id;
      const card = (await asking.callTool({ name: 'delete_contact', arguments: { id } })) as CallToolResult;
      expect(card.structuredContent).toMatchObject({ status: 'approval_pending' });
      const approval = approvalTokenOf(card);

      for (const intruder of [sameClient, otherClient]) {
        const client = await remoteClient(remote, intruder.accessToken, { capabilities: APPS });
        expect(await errorCode(client, 'approve_change', { approval, decision: 'approve' })).toBe(
          'NOT_FOUND',
        );
        expect(await errorCode(client, 'approve_change', { approval, decision: 'cancel' })).toBe('NOT_FOUND');
        await client.close();
      }
      const stillThere = await asking.callTool({ name: 'get_contact', arguments: { id } });
      expect(stillThere.isError).toBeFalsy();

      // The owner's Approve finds the approval the intruders could not take, once.
      const approved = await asking.callTool({
        name: 'approve_change',
        arguments: { approval, decision: 'approve' },
      });
      expect(approved.structuredContent).toMatchObject({ status: 'deleted' });
      expect(await errorCode(asking, 'approve_change', { approval, decision: 'approve' })).toBe('NOT_FOUND');
      await asking.close();
    });

    it("runs a card's change once when its owner's answers and another grant's race", async () => {
      const { sandbox, remote } = env();
      const owner = await signIn(remote, sandbox, await registered(0));
      const intruder = await signIn(remote, sandbox, await registered(0));
      const asking = await remoteClient(remote, owner.accessToken, { capabilities: APPS });
      const created = await asking.callTool({ name: 'create_contact', arguments: contact() });
      const id = (created.structuredContent as { record: { id: number } }).record.id;
      const approval = approvalTokenOf(
        (await asking.callTool({ name: 'delete_contact', arguments: { id } })) as CallToolResult,
      );
      const other = await remoteClient(remote, intruder.accessToken, { capabilities: APPS });
      // Each call is its own HTTP request, all in flight at once.
      const answers = await Promise.all(
        [asking, other, asking, other, asking, asking].map((client) =>
          client.callTool({ name: 'approve_change', arguments: { approval, decision: 'approve' } }),
        ),
      );
      const outcomes = answers.map((r) =>
        r.isError
          ? (JSON.parse((r.content as { text: string }[])[0]?.text ?? '{}') as { error: { code: string } })
              .error.code
          : (r.structuredContent as { status: string }).status,
      );
      expect(outcomes.filter((o) => o === 'deleted')).toHaveLength(1);
      expect(outcomes.filter((o) => o !== 'deleted')).toEqual(Array(5).fill('NOT_FOUND'));
      // The intruder's answers never won.
      expect([outcomes[1], outcomes[3]]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
      await Promise.all([asking.close(), other.close()]);
    });
  });
}
