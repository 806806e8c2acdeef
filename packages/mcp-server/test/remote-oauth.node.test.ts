import type { RunningServer } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import {
  authorizeWithoutBrowser,
  exchange,
  mcpPost,
  refresh,
  startRemote,
  startSandbox,
  TOOLS_LIST,
} from './remote-helpers.js';

let sandbox: RunningServer;
let remote: RunningRemoteServer;

beforeAll(async () => {
  sandbox = await startSandbox();
  remote = await startRemote(sandbox);
});
afterAll(async () => {
  await remote?.close();
  await sandbox?.close();
});

describe('discovery', () => {
  it('answers /mcp without a token with 401 and the resource metadata URL (RFC 9728 §5.1)', async () => {
    const res = await mcpPost(remote, undefined, TOOLS_LIST);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${remote.url}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('serves protected resource metadata in both forms, naming itself as authorization server', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const body = (await (await fetch(remote.url + path)).json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        resource: remote.mcpUrl,
        authorization_servers: [remote.url],
        scopes_supported: ['readonly', 'full_access'],
      });
    }
  });

  it('serves authorization server metadata (RFC 8414) with S256 only, DCR and metadata documents', async () => {
    const body = (await (
      await fetch(`${remote.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      issuer: remote.url,
      authorization_endpoint: `${remote.url}/authorize`,
      token_endpoint: `${remote.url}/token`,
      registration_endpoint: `${remote.url}/register`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      token_endpoint_auth_methods_supported: ['none'],
    });
  });
});

describe('authorization code flow', () => {
  it('issues tokens for a consented grant and serves tools/list and a tool call with them', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const { status, body } = await exchange(remote, a);
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'full_access', expires_in: 900 });
    expect(String(body.access_token)).toMatch(/^acctkit_mcp_at_/);
    const list = await mcpPost(remote, String(body.access_token), TOOLS_LIST);
    expect(list.status).toBe(200);
    const tools = ((await list.json()) as { result: { tools: { name: string }[] } }).result.tools.map(
      (t) => t.name,
    );
    expect(tools).toContain('create_contact');
    const call = await mcpPost(remote, String(body.access_token), {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_contacts', arguments: { limit: 2 } },
    });
    const result = (
      (await call.json()) as { result: { structuredContent: { items: unknown[] }; isError?: boolean } }
    ).result;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent.items).toHaveLength(2);
  });

  it('gives a read-only grant the read-only catalogue', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox, { scope: 'readonly' });
    const { body } = await exchange(remote, a);
    expect(body.scope).toBe('readonly');
    const list = await mcpPost(remote, String(body.access_token), TOOLS_LIST);
    const tools = ((await list.json()) as { result: { tools: { name: string }[] } }).result.tools.map(
      (t) => t.name,
    );
    expect(tools).toContain('list_contacts');
    expect(tools).not.toContain('create_contact');
    expect(tools).not.toContain('delete_expense');
  });

  it('rotates refresh tokens: the new pair works, the old access token keeps its own lifetime', async () => {
    const a = await authorizeWithoutBrowser(remote, sandbox);
    const first = (await exchange(remote, a)).body;
    const second = await refresh(remote, a.clientId, first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect((await mcpPost(remote, String(second.body.access_token), TOOLS_LIST)).status).toBe(200);
  });
});
