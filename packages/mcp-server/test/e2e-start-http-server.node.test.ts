// The programmatic API `npm start` uses: startHttpServer and clientConfigs, in this process.
import { existsSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import {
  allowedHostsFor,
  clientConfigs,
  connectSandbox,
  createHttpApp,
  localStdioCommand,
  startHttpServer,
} from '../src/node/index.js';
import { BIN } from './e2e-bin.js';

async function toolNames(url: string): Promise<string[]> {
  const client = new Client({ name: 'e2e-start', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('startHttpServer', () => {
  it('serves a new in-memory sandbox on a free port and closes', async () => {
    const server = await startHttpServer({ sandbox: true, port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      expect(server.connections.map((c) => c.name)).toEqual(['de', 'pt']);
      expect(await toolNames(server.url)).toContain('create_expense');
    } finally {
      await server.close();
    }
    await expect(fetch(server.url, { method: 'POST' })).rejects.toThrow();
  });

  it('serves given connections with the catalogue narrowed', async () => {
    const sandbox = await connectSandbox();
    const server = await startHttpServer({ connections: sandbox.connections, port: 0, readOnly: true });
    try {
      const names = await toolNames(server.url);
      expect(names).toContain('list_expenses');
      expect(names).not.toContain('create_expense');
      expect(names).not.toContain('delete_contact');
    } finally {
      await server.close();
      await sandbox.close();
    }
  });

  it('connects to a running sandbox through its admin token', async () => {
    const { createSandbox } = await import('@acctkit/sandbox');
    const sandbox = createSandbox({ database: ':memory:', adminToken: 'shared-admin' });
    const server = await startHttpServer({ sandbox: { sandbox, adminToken: 'shared-admin' }, port: 0 });
    try {
      expect(server.connections.map((c) => c.businessName).every((n) => Boolean(n))).toBe(true);
    } finally {
      await server.close();
    }
    // A sandbox passed in stays open for its owner.
    const res = await sandbox.fetch(new Request('http://sandbox.test/test/ping'));
    expect(res.status).not.toBe(500);
    sandbox.close();
  });
});

describe('clientConfigs', () => {
  const url = 'http://127.0.0.1:3001/mcp';
  const configs = clientConfigs({ url });

  it('Claude Desktop: a stdio server running acctkit-mcp --sandbox', () => {
    expect(JSON.parse(configs.claudeDesktop)).toEqual({
      mcpServers: {
        acctkit: {
          command: 'npx',
          args: ['-y', '-p', '@acctkit/mcp-server', '-p', '@acctkit/sandbox', 'acctkit-mcp', '--sandbox'],
        },
      },
    });
  });

  it('Claude Code: claude mcp add, over HTTP and over stdio', () => {
    expect(configs.claudeCode.http).toBe(`claude mcp add --transport http acctkit ${url}`);
    expect(configs.claudeCode.stdio).toBe(
      'claude mcp add acctkit -- npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox',
    );
  });

  it('VS Code: .vscode/mcp.json servers with a type', () => {
    expect(JSON.parse(configs.vscode.http)).toEqual({ servers: { acctkit: { type: 'http', url } } });
    expect(JSON.parse(configs.vscode.stdio).servers.acctkit).toMatchObject({ type: 'stdio', command: 'npx' });
  });

  it('Cursor: .cursor/mcp.json mcpServers with a url or a command', () => {
    expect(JSON.parse(configs.cursor.http)).toEqual({ mcpServers: { acctkit: { url } } });
    expect(JSON.parse(configs.cursor.stdio).mcpServers.acctkit.args).toContain('--sandbox');
  });

  it('Inspector: a CLI listing and the web UI on the URL', () => {
    expect(configs.inspector.cli).toBe(
      `npx @modelcontextprotocol/inspector --cli ${url} --method tools/list`,
    );
    expect(configs.inspector.web).toContain(`--server-url ${url}`);
  });

  it('localStdioCommand: this Node running the built bin of this install', () => {
    const local = localStdioCommand();
    expect(local.command).toBe(process.execPath);
    expect(local.args[0]).toBe(BIN);
    expect(existsSync(BIN)).toBe(true);
    expect(local.args.slice(1)).toEqual(['--sandbox']);
  });

  it('a local stdio command is quoted for the shell where needed', () => {
    const local = clientConfigs({
      url,
      stdio: { command: '/opt/node 22/bin/node', args: ['/x/bin.js', '--sandbox'] },
    });
    expect(local.claudeCode.stdio).toBe(
      "claude mcp add acctkit -- '/opt/node 22/bin/node' /x/bin.js --sandbox",
    );
    expect(JSON.parse(local.claudeDesktop).mcpServers.acctkit.command).toBe('/opt/node 22/bin/node');
  });
});

describe('startHttpServer and createHttpApp: bearer token', () => {
  const token = 't'.repeat(40);

  it('refuses a host reachable from the network without a bearer token, and a token under 32 characters', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'mcp.internal'])
      await expect(startHttpServer({ sandbox: true, port: 0, host }), host).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
    await expect(
      startHttpServer({ sandbox: true, port: 0, bearerToken: 't'.repeat(31) }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(() => createHttpApp({ createServer: () => unreachable(), bearerToken: '' })).toThrow(
      /32 characters/,
    );
  });

  it.skipIf(process.platform !== 'linux')(
    'serves loopback hosts besides 127.0.0.1 without a token',
    async () => {
      const server = await startHttpServer({ sandbox: true, port: 0, host: '127.0.0.2' });
      try {
        expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/mcp$/);
      } finally {
        await server.close();
      }
    },
  );

  it('lets only requests with the token reach the server; 401 with WWW-Authenticate: Bearer otherwise', async () => {
    const app = createHttpApp({ createServer: () => unreachable(), bearerToken: token });
    for (const authorization of [
      undefined,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token}x`,
      `Basic ${token}`,
    ]) {
      const res = await app.request('http://127.0.0.1/mcp', {
        method: 'GET',
        headers: { Host: '127.0.0.1:3001', ...(authorization && { Authorization: authorization }) },
      });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    const ok = await app.request('http://127.0.0.1/mcp', {
      method: 'GET',
      headers: { Host: '127.0.0.1:3001', Authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(405);
  });
});

function unreachable(): never {
  throw new Error('a refused request must never reach the server factory');
}

describe('createHttpApp: Host and Origin checks (app.request, no socket)', () => {
  const app = createHttpApp({
    createServer: () => {
      throw new Error('a refused request must never reach the server factory');
    },
    allowedHosts: allowedHostsFor('127.0.0.1'),
  });
  const post = (headers: Record<string, string>) =>
    app.request('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it.each([
    ['a foreign Host', { Host: 'attacker.example' }],
    ['a loopback name as a subdomain', { Host: 'localhost.attacker.example' }],
    ['a foreign Origin', { Host: 'localhost:3001', Origin: 'http://attacker.example:3001' }],
    ['a null Origin', { Host: 'localhost', Origin: 'null' }],
    ['a missing Host', { Host: '' }],
  ])('refuses %s with 403', async (_name, headers) => {
    const res = await post(headers);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32000);
  });

  it('passes IPv6 loopback to the MCP endpoint', async () => {
    const passing = createHttpApp({
      createServer: () => {
        throw new Error('reached');
      },
    });
    const res = await passing.request('http://[::1]/mcp', { method: 'GET', headers: { Host: '[::1]:3001' } });
    expect(res.status).toBe(405);
  });

  it('answers no CORS preflight: pages on other local ports cannot call it from a browser', async () => {
    const res = await app.request('http://127.0.0.1/mcp', {
      method: 'OPTIONS',
      headers: {
        Host: '127.0.0.1:3001',
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
      },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows the bound host name besides loopback, and nothing more for a wildcard bind', () => {
    expect(allowedHostsFor('mcp.internal')).toEqual(['localhost', '127.0.0.1', '[::1]', 'mcp.internal']);
    expect(allowedHostsFor('::1')).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(allowedHostsFor('0.0.0.0')).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });
});
