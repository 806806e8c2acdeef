import { type ChildProcessWithoutNullStreams, execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sign } from '@acctkit/signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { banner, env, launch, serviceUrls, stop } from './helpers/launch.ts';

const run = promisify(execFile);

/** The value printed after `label:` on its own line. */
function printed(output: string, label: string): string {
  const value = new RegExp(`^\\s*${label}:\\s+(\\S+)`, 'm').exec(output)?.[1];
  if (value === undefined) throw new Error(`"${label}:" is not in the output:\n${output}`);
  return value;
}

/** The printed curl command, backslash continuations joined, ready for a shell. */
function printedCurl(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => l.trim().startsWith("curl -s 'http"));
  const command: string[] = [];
  for (const line of lines.slice(start)) {
    command.push(line.trim().replace(/\\$/, ''));
    if (!line.trimEnd().endsWith('\\')) break;
  }
  return command.join(' ');
}

describe('npm start launcher', () => {
  let child: ChildProcessWithoutNullStreams;
  let output: string;
  let errors = '';
  let base: string;

  beforeAll(async () => {
    child = launch(['--port', '0', '--memory']);
    child.stderr.on('data', (d: Buffer) => {
      errors += d.toString();
    });
    output = await banner(child);
    base = printed(output, 'base URL');
  }, 60_000);
  afterAll(async () => {
    expect(await stop(child)).toBe(0);
  });

  it('prints nothing that looks like a failure (the remote MCP server holds back the SDK notice about JSON responses)', () => {
    expect(errors).toBe('');
    expect(`${output}${errors}`).not.toMatch(/responseMode|warn|error/i);
  });

  it('prints the base URL, the API reference and the demo credentials', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed(output, 'API reference')).toBe(`${base}/docs`);
    expect((await fetch(`${base}/docs`)).status).toBe(200);
    expect(output).toContain('anna@demo.acctkit.test');
    expect(output).toMatch(/client_id\s+acctkit-demo-app/);
    expect(output).toMatch(/signing_secret\s+\S+/);
  });

  it('prints how to run each bin from this clone, and each printed command runs', () => {
    for (const bin of ['acctkit', 'acctkit-mcp', 'acctkit-proxy', 'acctkit-sandbox']) {
      const line = new RegExp(`alias ${bin}="node (\\S+)"`).exec(output);
      expect(line, bin).not.toBeNull();
      const run = spawnSync(process.execPath, [line?.[1] ?? '', '--help'], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status, `${bin}: ${run.stderr}`).toBe(0);
    }
    expect(output).toContain('npm run pack:all');
  });

  it('prints an authorization link that opens the sign-in page, redirecting to the callback page', async () => {
    const authorize = printed(output, 'authorize');
    expect(new URL(authorize).searchParams.get('redirect_uri')).toBe(`${base}/oauth2/callback`);
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('enables the admin API with the random admin token it prints', async () => {
    const token = printed(output, 'admin token');
    expect(token).toMatch(/^[\w-]{32}$/);
    const clock = await fetch(`${base}/_sandbox/clock`, { headers: { Authorization: `Bearer ${token}` } });
    expect(clock.status).toBe(200);
    expect(((await clock.json()) as { now: string }).now).toMatch(/^\d{4}-\d\d-\d\dT/);
    const wrong = await fetch(`${base}/_sandbox/clock`, { headers: { Authorization: 'Bearer wrong' } });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
  });

  it('serves the MCP server over Streamable HTTP beside the sandbox, connected to both demo businesses', async () => {
    const endpoint = printed(output, 'MCP endpoint');
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(output).toMatch(/businesses:\s+de \(.+\), pt \(.+\)/);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'start-test', version: '1' },
        },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo"');
  });

  it("prints ready-to-paste MCP client configurations that start this clone's built acctkit-mcp over stdio", () => {
    const desktop =
      /"mcpServers": \{\s*"acctkit-stdio": \{\s*"command": "([^"]+)",\s*"args": \[\s*"([^"]+)",\s*"--sandbox"/.exec(
        output,
      );
    // The node that runs npm start, by absolute path: clients start servers without a shell PATH.
    expect(existsSync(desktop?.[1] ?? '')).toBe(true);
    expect(desktop?.[2]).toMatch(/packages\/mcp-server\/dist\/acctkit-mcp\.js$/);
    expect(existsSync(desktop?.[2] ?? '')).toBe(true);
    expect(output).toMatch(/claude mcp add --transport http acctkit http:\/\/127\.0\.0\.1:\d+\/mcp/);
    expect(output).toMatch(/"servers": \{\s*"acctkit-stdio": \{\s*"type": "stdio"/);
    // -y: without it npx asks before installing, and a shell that cannot answer fails.
    expect(output).toContain('npx -y @modelcontextprotocol/inspector --cli');
    expect(output).not.toMatch(/npx (?!-y )/);
  });

  it('names each server differently in every client snippet, so one client can hold all three', () => {
    const claude = [...output.matchAll(/claude mcp add (?:--transport http )?(\S+)/g)].map((m) => m[1]);
    expect(claude.sort()).toEqual(['acctkit', 'acctkit-remote', 'acctkit-stdio']);
    // Each JSON snippet names one server; the HTTP endpoint's is `acctkit`, every stdio one `acctkit-stdio`.
    const jsonNames = [...output.matchAll(/"(?:mcpServers|servers)": \{\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(jsonNames)).toEqual(new Set(['acctkit-stdio']));
  });

  it('serves the remote MCP server: an unauthenticated call is told where to sign in (RFC 9728)', async () => {
    const endpoint = printed(output, 'remote MCP');
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const refused = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(
      refused.headers.get('www-authenticate') ?? '',
    )?.[1];
    expect(metadataUrl).toBeDefined();
    const metadata = (await (await fetch(metadataUrl as string)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata.resource).toBe(endpoint);
    const issuer = metadata.authorization_servers[0] as string;
    const server = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as {
      authorization_endpoint: string;
    };
    expect(server.authorization_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize$/);
  });

  it('runs the signing proxy in front of the sandbox: its printed curl needs no signature and works repeatedly', async () => {
    const proxyUrl = printed(output, 'proxy URL');
    const curl = output
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('curl -s -H') && line.includes(proxyUrl));
    expect(curl).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const { stdout } = await run('sh', ['-c', `${curl} -w '\\n%{http_code}'`]);
      expect(stdout.slice(stdout.lastIndexOf('\n') + 1)).toBe('200');
      expect(JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n')))).toHaveProperty('$resources');
    }
  });

  it("prints a statement export URL with the ids of the demo business's first bank account", async () => {
    const line = /GET (\S+\/_sandbox\/statements\?\S+)/.exec(output)?.[1];
    expect(line).toBeDefined();
    const url = new URL(line as string);
    expect(`${url.origin}`).toBe(base);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({ business: '1', format: 'camt053' });
    expect(query.from).toMatch(/^\d{4}-01-01$/);
    expect(query.to).toMatch(/^\d{4}-\d\d-\d\d$/);
    const token = (await (
      await fetch(`${base}/_sandbox/tokens`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${printed(output, 'admin token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ business: 'de' }),
      })
    ).json()) as { access_token: string; signing_secret: string; business_id: number };
    expect(token.business_id).toBe(1);
    const accountUrl = `${base}/accounts/v2/bank_accounts/${query.bank_account}`;
    const signed = await sign(
      { method: 'GET', url: accountUrl },
      { signingSecret: token.signing_secret, accessToken: token.access_token },
    );
    expect((await fetch(accountUrl, { headers: signed.headers })).status).toBe(200);
  });

  it('prints a signed curl call that works once: its nonce is single-use', async () => {
    const curl = printedCurl(output);
    expect(curl).toContain(`${base}/accounts/v2/contacts`);
    const first = (await run('sh', ['-c', `${curl} -w '\\n%{http_code}'`])).stdout;
    const status = first.slice(first.lastIndexOf('\n') + 1);
    expect(status).toBe('200');
    expect(JSON.parse(first.slice(0, first.lastIndexOf('\n')))).toHaveProperty('$resources');
    const again = (await run('sh', ['-c', `${curl} -o /dev/null -w '%{http_code}'`])).stdout;
    expect(Number(again)).toBeGreaterThanOrEqual(400);
  });
});

/** Resolves true when `port` can be bound on every interface right now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => done(true)));
  });
}

/** A base port N with N, N+1, N+2 and N+10 all free (checked, then released: a small race is accepted). */
async function freeBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all([0, 1, 2, 10].map((offset) => bindable(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free base port found');
}

describe('npm start -- --port N --host 0.0.0.0', () => {
  let child: ChildProcessWithoutNullStreams;
  let output: string;
  let base: number;

  beforeAll(async () => {
    base = await freeBase();
    child = launch(['--port', String(base), '--host', '0.0.0.0', '--memory']);
    output = await banner(child);
  }, 60_000);
  afterAll(async () => {
    expect(await stop(child)).toBe(0);
  });

  it('moves every service with the documented offsets: sandbox N, MCP N+1, remote MCP N+2, proxy N+10', () => {
    const ports = [...serviceUrls(output)].map(([name, url]) => [name, Number(url.port)]);
    expect(ports).toEqual([
      ['sandbox', base],
      ['MCP server', base + 1],
      ['remote MCP server', base + 2],
      ['signing proxy', base + 10],
    ]);
  });

  it('prints the CLI login command for the moved sandbox, and the CLI finds the sandbox with it', async () => {
    const sandbox = serviceUrls(output).get('sandbox') as URL;
    const command = /^\s*(acctkit login --sandbox .*)$/m.exec(output)?.[1];
    expect(command).toBe(`acctkit login --sandbox --base-url ${sandbox.origin}`);
    const cli = /alias acctkit="node (\S+)"/.exec(output)?.[1] as string;
    const args = (command as string).split(' ').slice(1);
    // No browser here: the CLI prints the authorization page of the sandbox it found, then gives up waiting.
    const login = spawnSync(process.execPath, [cli, ...args, '--no-browser', '--timeout', '1'], {
      encoding: 'utf8',
      input: '',
      timeout: 60_000,
      env: { ...env, XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'acctkit-start-cli-')) },
    });
    expect(login.stderr).toContain(`${sandbox.origin}/oauth2/auth?`);
    expect(login.stderr).not.toContain('No sandbox answers');
  });

  it('serves the sandbox on every interface and keeps the MCP server, which needs no sign-in, on loopback', async () => {
    const sandbox = serviceUrls(output).get('sandbox') as URL;
    expect((await fetch(new URL('/docs', sandbox))).status).toBe(200);
    expect(printed(output, 'MCP endpoint')).toBe(`http://127.0.0.1:${base + 1}/mcp`);
    expect(output).toContain('on 127.0.0.1 only, not 0.0.0.0');
  });
});

describe('npm start options', () => {
  it('uses the admin token given with --admin-token and does not echo it', async () => {
    const secret = 'given-admin-token-4f1d';
    const child = launch(['--port', '0', '--memory', '--admin-token', secret]);
    try {
      const output = await banner(child);
      expect(output).not.toContain(secret);
      const base = printed(output, 'base URL');
      const clock = await fetch(`${base}/_sandbox/clock`, { headers: { Authorization: `Bearer ${secret}` } });
      expect(clock.status).toBe(200);
    } finally {
      await stop(child);
    }
  }, 60_000);

  it('keeps its data in the file given with --data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acctkit-start-'));
    const child = launch(['--port', '0', '--data', join(dir, 'sandbox.sqlite')]);
    try {
      await banner(child);
      expect(existsSync(join(dir, 'sandbox.sqlite'))).toBe(true);
    } finally {
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the proxy keys beside the data: a key printed at one start works through the proxy after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acctkit-start-'));
    const args = ['--port', '0', '--data', join(dir, 'sandbox.sqlite')];
    try {
      const first = launch(args);
      let key: string;
      try {
        key = /^\s*de\s+read\s+(\S+)$/m.exec(await banner(first))?.[1] as string;
        expect(key).toBeDefined();
      } finally {
        await stop(first);
      }
      const second = launch(args);
      try {
        const output = await banner(second);
        // Kept as the proxy keeps keys, hashed: not printed again, and not in its files.
        expect(output).not.toContain(key);
        expect(output).toMatch(/Proxy keys kept from an earlier start/);
        expect(output.match(/^\s*(?:de|pt)\s+(?:read|write)\s+\S+\s+made /gm)).toHaveLength(4);
        expect(readFileSync(join(dir, 'proxy.sqlite')).includes(key)).toBe(false);
        expect(statSync(join(dir, 'proxy-encryption-keys')).mode & 0o777).toBe(0o600);
        const proxy = serviceUrls(output).get('signing proxy') as URL;
        const through = await fetch(new URL('/accounts/v2/contacts?$itemsPerPage=1', proxy), {
          headers: { Authorization: `Bearer ${key}` },
        });
        expect(through.status).toBe(200);
        const wrong = await fetch(new URL('/accounts/v2/contacts?$itemsPerPage=1', proxy), {
          headers: { Authorization: `Bearer ${key.slice(0, -2)}xx` },
        });
        expect(wrong.status).toBe(401);
      } finally {
        await stop(second);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('says which port is taken and what to do', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const failed = await run(
        'node',
        ['--import', 'tsx', 'tools/src/start.ts', '--port', String(port), '--memory'],
        {
          cwd: repoRoot,
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain(
        `port ${port} (sandbox) is in use: pass --port <other base>`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it("names the MCP server's port and the flag that moves it when that port is taken", async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const failed = await run(
        'node',
        ['--import', 'tsx', 'tools/src/start.ts', '--port', '0', '--mcp-port', String(port), '--memory'],
        { cwd: repoRoot, env },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain(
        `port ${port} (MCP server) is in use: pass --port <other base> or --mcp-port <n>`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('refuses a bad option with a message saying what to fix', async () => {
    const failed = await run('node', ['--import', 'tsx', 'tools/src/start.ts', '--port', 'x'], {
      cwd: repoRoot,
      env,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('--port must be an integer from 0 to 65535');
  }, 60_000);
});
