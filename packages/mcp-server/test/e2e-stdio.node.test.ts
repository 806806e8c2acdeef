// The built `acctkit-mcp` over stdio, spawned by the SDK's StdioClientTransport as MCP clients do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openConnectionStore } from '@acctkit/client/node';
import { DEMO_CLIENT, startServer } from '@acctkit/sandbox';
import { FetchBrowser, redirectLocation } from '@acctkit/testing';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, PACKAGE_DIR, requireBuiltBin, run } from './e2e-bin.js';

beforeAll(() => requireBuiltBin());

async function connect(
  args: string[],
  env: Record<string, string>,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client({ name: 'e2e-stdio', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

interface Minted {
  access_token: string;
  refresh_token: string;
  client_id: string;
  country: string;
  business_id: number;
}

interface Businesses {
  items: { name: string; variant: string; businessName?: string; business_name?: string }[];
}

describe('acctkit-mcp --sandbox over stdio', () => {
  let client: Client;
  let stderr: () => string;
  beforeAll(async () => {
    ({ client, stderr } = await connect(['--sandbox'], cleanEnv()));
  });
  afterAll(async () => {
    await client?.close();
  });

  it('initializes with the server name, version and capabilities', () => {
    expect(client.getServerVersion()?.name).toBe('acctkit');
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools).toBeDefined();
    expect(capabilities?.logging).toBeDefined();
    expect(client.getInstructions()).toMatch(/\bde\b[\s\S]*\bpt\b/);
  });

  it('lists the full catalogue with write tools', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('list_contacts');
    expect(names).toContain('delete_contact');
    expect(names).toContain('summarize_transactions');
    for (const tool of tools) expect(tool.outputSchema, tool.name).toBeDefined();
  });

  it('calls a tool against the in-process sandbox: both demo businesses are connected', async () => {
    const result = await client.callTool({ name: 'list_businesses', arguments: {} });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as unknown as Businesses;
    expect(structured.items.map((b) => b.name).sort()).toEqual(['de', 'pt']);
  });

  it('lists contacts of one business, choosing it by name', async () => {
    const result = await client.callTool({ name: 'list_contacts', arguments: { business: 'pt', limit: 2 } });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { items: unknown[]; totalCount: number };
    expect(structured.items.length).toBeGreaterThan(0);
    expect(structured.items.length).toBeLessThanOrEqual(2);
  });

  it('writes warnings to stderr whatever level the client set, and sends log lines at its level', async () => {
    const messages: unknown[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      messages.push(n.params.data);
    });
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'get_contact', arguments: { business: 'de', id: 987_654 } });
    await expect.poll(() => stderr()).toMatch(/acctkit-mcp: \[warning\] .*get_contact failed/);
    expect(messages).toEqual([]);
    await client.setLoggingLevel('warning');
    const failed = await client.callTool({ name: 'get_contact', arguments: { business: 'de', id: 987_655 } });
    expect(failed.isError).toBe(true);
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toMatchObject({ message: 'get_contact failed', code: 'NOT_FOUND' });
  });

  it('writes its start-up line to stderr, never to stdout', () => {
    // Anything else on stdout would have broken the JSON-RPC stream above.
    expect(stderr()).toContain('acctkit-mcp: serving de, pt (sandbox) over stdio');
  });
});

describe('acctkit-mcp --read-only --toolsets', () => {
  it('narrows tools/list', async () => {
    const { client } = await connect(['--sandbox', '--read-only', '--toolsets', 'contacts'], cleanEnv());
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toContain('list_contacts');
      expect(names).toContain('get_contact');
      expect(names).not.toContain('create_contact');
      expect(names).not.toContain('list_expenses');
    } finally {
      await client.close();
    }
  });
});

describe('--help and --version', () => {
  it('prints the usage on stdout and exits 0', async () => {
    const result = await run(process.execPath, [BIN, '--help'], { timeoutMs: 15_000 });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--sandbox');
    expect(result.stdout).toContain('ACCTKIT_CONNECTIONS_FILE');
  });

  it('prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      version: string;
    };
    const result = await run(process.execPath, [BIN, '-v'], { timeoutMs: 15_000 });
    expect(result.stdout.trim()).toBe(version);
  });
});

describe('start-up errors', () => {
  it('without any connection: serves list_businesses and connect_business, which signs a business in from the chat', async () => {
    const sandbox = await startServer({ port: 0, database: ':memory:', adminToken: 'e2e-admin' });
    const env = cleanEnv({
      ACCTKIT_BASE_URL: sandbox.url,
      ACCTKIT_AUTH_URL: sandbox.url,
      ACCTKIT_CLIENT_ID: DEMO_CLIENT.clientId,
      ACCTKIT_CLIENT_SECRET: DEMO_CLIENT.clientSecret,
      ACCTKIT_SIGNING_SECRET: DEMO_CLIENT.signingSecret,
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const client = new Client(
      { name: 'e2e-stdio', version: '1.0.0' },
      { capabilities: { elicitation: { url: {} } } },
    );
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
        'list_businesses',
        'connect_business',
      ]);
      expect(client.getInstructions()).toContain('connect_business');
      expect(stderr).toContain('no business is connected yet');
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      client.setRequestHandler('elicitation/create', async (request) => {
        const url = (request.params as { url: string }).url;
        setImmediate(async () => {
          const browser = new FetchBrowser(fetch);
          const signIn = await browser.open(url);
          const signedIn = await browser.submit(url, await signIn.text(), {
            email: 'anna@demo.acctkit.test',
            password: 'sandbox-de',
          });
          const consentUrl = redirectLocation(signedIn, url);
          const consent = await browser.open(consentUrl);
          const approved = await browser.submit(consentUrl, await consent.text(), { decision: 'approve' });
          await fetch(redirectLocation(approved, consentUrl));
        });
        return { action: 'accept' };
      });
      const result = await client.callTool({ name: 'connect_business', arguments: {} });
      expect(result.isError).toBeFalsy();
      const name = (result.structuredContent as { business: { name: string } }).business.name;
      await changed;
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('list_contacts');
      const stored = await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).list();
      expect(stored.map((c) => c.name)).toEqual([name]);
    } finally {
      await client.close();
      await sandbox.close();
    }
  }, 60_000);

  it('an unknown option: exits 2 and points to --help', async () => {
    const result = await run(process.execPath, [BIN, '--sandbx'], { env: cleanEnv(), timeoutMs: 15_000 });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--help');
  });

  it('an unknown toolset: exits 2 and lists the toolsets', async () => {
    const result = await run(process.execPath, [BIN, '--sandbox', '--toolsets', 'payroll'], {
      env: cleanEnv(),
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("'payroll'");
    expect(result.stderr).toContain('contacts');
  });

  it('incomplete single-business variables: names the missing ones, never a value', async () => {
    const result = await run(process.execPath, [BIN], {
      env: cleanEnv({ ACCTKIT_ACCESS_TOKEN: 'tok-secret-value', ACCTKIT_COUNTRY: 'de' }),
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ACCTKIT_BASE_URL');
    expect(result.stderr).toContain('ACCTKIT_SIGNING_SECRET');
    expect(result.stderr).not.toContain('tok-secret-value');
  });
});

describe('single-business mode from ACCTKIT_* variables', () => {
  it('serves the business of the tokens, refreshing through the token endpoint', async () => {
    const sandbox = await startServer({ port: 0, database: ':memory:', adminToken: 'e2e-admin' });
    try {
      const minted = (await (
        await fetch(`${sandbox.url}/_sandbox/tokens`, {
          method: 'POST',
          headers: { Authorization: 'Bearer e2e-admin', 'Content-Type': 'application/json' },
          body: JSON.stringify({ business: 'pt' }),
        })
      ).json()) as Record<string, string | number>;
      // Only a refresh token: the first call must refresh, proving the token manager is wired.
      const env = cleanEnv({
        ACCTKIT_BASE_URL: sandbox.url,
        ACCTKIT_CLIENT_ID: String(minted.client_id),
        ACCTKIT_CLIENT_SECRET: String(minted.client_secret),
        ACCTKIT_SIGNING_SECRET: String(minted.signing_secret),
        ACCTKIT_REFRESH_TOKEN: String(minted.refresh_token),
        ACCTKIT_COUNTRY: 'PT',
      });
      const { client, stderr } = await connect([], env);
      try {
        const result = await client.callTool({ name: 'list_businesses', arguments: {} });
        expect(result.isError).toBeFalsy();
        const items = (result.structuredContent as unknown as Businesses).items;
        expect(items).toHaveLength(1);
        expect(items[0]?.name).toBe('default');
        expect(items[0]?.variant).toBe('pt');
        const contacts = await client.callTool({ name: 'list_contacts', arguments: { limit: 1 } });
        expect(contacts.isError).toBeFalsy();
        expect(stderr()).toContain('(env)');
        expect(stderr()).not.toContain(String(minted.refresh_token));
      } finally {
        await client.close();
      }
      // The refresh rotated the refresh token: the one in the environment no longer works.
      const reuse = await fetch(`${sandbox.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: String(minted.refresh_token),
          client_id: String(minted.client_id),
          client_secret: String(minted.client_secret),
        }),
      });
      expect(reuse.status).toBe(400);
    } finally {
      await sandbox.close();
    }
  });
});

describe('connections of the store (acctkit login)', () => {
  it('serves every stored connection and writes rotated tokens back to the file', async () => {
    const sandbox = await startServer({ port: 0, database: ':memory:', adminToken: 'e2e-admin' });
    try {
      const mint = async (business: 'de' | 'pt', scope: string) =>
        (await (
          await fetch(`${sandbox.url}/_sandbox/tokens`, {
            method: 'POST',
            headers: { Authorization: 'Bearer e2e-admin', 'Content-Type': 'application/json' },
            body: JSON.stringify({ business, scope }),
          })
        ).json()) as Minted;
      const env = cleanEnv();
      const store = openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE });
      for (const [name, business, scope] of [
        ['shop', 'de', 'full_access'],
        ['books-pt', 'pt', 'readonly'],
      ] as const) {
        const minted = await mint(business, scope);
        await store.put({
          name,
          baseUrl: sandbox.url,
          authUrl: sandbox.url,
          clientId: minted.client_id,
          country: minted.country,
          variant: business,
          businessId: minted.business_id,
          businessName: `Stored ${business}`,
          scope,
          // Expired: the first call refreshes, under the store's lock, and must store the new set.
          tokens: {
            accessToken: minted.access_token,
            refreshToken: minted.refresh_token,
            expiresAt: 0,
            scope,
          },
          createdAt: new Date().toISOString(),
        });
      }
      const before = (await store.get('shop'))?.tokens.refreshToken;
      // The sandbox's demo app is public: no ACCTKIT_CLIENT_SECRET or ACCTKIT_SIGNING_SECRET needed.
      const { client, stderr } = await connect([], env);
      try {
        expect(stderr()).toContain('serving shop, books-pt (store)');
        const listed = (await client.callTool({ name: 'list_businesses', arguments: {} }))
          .structuredContent as unknown as Businesses;
        expect(listed.items.map((b) => b.name)).toEqual(['shop', 'books-pt']);
        const contacts = await client.callTool({
          name: 'list_contacts',
          arguments: { business: 'shop', limit: 1 },
        });
        expect(contacts.isError).toBeFalsy();
        // A write tool exists (shop has full access) but is not offered for the read-only business.
        const create = (await client.listTools()).tools.find((t) => t.name === 'create_contact');
        expect(JSON.stringify(create?.inputSchema)).not.toContain('books-pt');
      } finally {
        await client.close();
      }
      const after = (await store.get('shop'))?.tokens;
      expect(after?.refreshToken).toBeDefined();
      expect(after?.refreshToken).not.toBe(before);
      expect(after?.expiresAt).toBeGreaterThan(Date.now());

      // ACCTKIT_CONNECTIONS (what the MCP Bundle's "connection names" field sets) serves only those.
      const one = await connect([], { ...env, ACCTKIT_CONNECTIONS: 'books-pt' });
      try {
        const listed = (await one.client.callTool({ name: 'list_businesses', arguments: {} }))
          .structuredContent as unknown as Businesses;
        expect(listed.items.map((b) => b.name)).toEqual(['books-pt']);
      } finally {
        await one.client.close();
      }
      // A name the store lacks stops the start, naming it and what is stored.
      const unknown = await run(process.execPath, [BIN], {
        env: { ...env, ACCTKIT_CONNECTIONS: 'books-pt, nope' },
        timeoutMs: 15_000,
      });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('ACCTKIT_CONNECTIONS names nope');
      expect(unknown.stderr).toContain('stored: shop, books-pt');
    } finally {
      await sandbox.close();
    }
  });

  it('a stored connection of an unknown app without secrets: says which variables to set', async () => {
    const env = cleanEnv();
    await openConnectionStore({ file: env.ACCTKIT_CONNECTIONS_FILE }).put({
      name: 'work',
      baseUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      clientId: 'some-other-app',
      country: 'de',
      variant: 'de',
      businessId: 7,
      businessName: 'Work',
      scope: 'full_access',
      tokens: { accessToken: 'stored-access-secret', refreshToken: 'stored-refresh-secret', expiresAt: 0 },
      createdAt: new Date().toISOString(),
    });
    const result = await run(process.execPath, [BIN], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ACCTKIT_CLIENT_SECRET');
    expect(result.stderr).toContain('work');
    expect(result.stderr).not.toContain('stored-refresh-secret');
  });
});
