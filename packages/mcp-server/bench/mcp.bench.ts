// pnpm --filter @acctkit/mcp-server bench: prints figures, asserts nothing.
//   1. tools/list of the full catalogue in tokens (o200k_base, gpt-tokenizer); target ≤ 6,000.
//   2. start-up of the built `acctkit-mcp` (one stored connection; --sandbox) to its `initialize` reply over stdio; target ≤ 300 ms.
//   3. a list_contacts call through MCP (in-memory transport) over the same direct client call; target ≤ 15%.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openConnectionStore } from '@acctkit/client/node';
import { createSandbox, DEMO_CLIENT, startServer } from '@acctkit/sandbox';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { countTokens } from 'gpt-tokenizer';
import { createServer } from '../src/index.js';
import { connectFromEnv, connectSandbox } from '../src/node/index.js';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'acctkit-mcp.js');
const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** An SDK client connected to `server` over the in-memory transport. */
async function linkedClient(server: ReturnType<typeof createServer>): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

/** Spawns the bin and times the first stdout line after sending `initialize`. */
function startupMs(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => {
      const elapsed = performance.now() - started;
      child.kill();
      resolve(elapsed);
    });
    child.once('error', reject);
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'bench', version: '1' },
        },
      })}\n`,
    );
  });
}

async function main(): Promise<void> {
  // The sandbox's rate limit (200 requests a minute) would throttle the timing loop; it is turned off here.
  const sandbox = await connectSandbox({
    sandbox: {
      sandbox: createSandbox({ database: ':memory:', adminToken: 'bench', rateLimitPerMinute: 0 }),
      adminToken: 'bench',
    },
  });
  const client = await linkedClient(createServer({ connections: sandbox.connections }));

  // 1. Catalogue size: what an agent's context pays for tools/list, as the JSON the client receives.
  const { tools } = await client.listTools();
  const listJson = JSON.stringify({ tools });
  out(`tools/list, full catalogue (${tools.length} tools, both variants, writes included):`);
  out(`  ${countTokens(listJson)} tokens (o200k_base), ${listJson.length} characters; target ≤ 6000`);
  for (const readOnly of [true]) {
    const c = await linkedClient(createServer({ connections: sandbox.connections, readOnly }));
    const t = (await c.listTools()).tools;
    out(`  --read-only: ${t.length} tools, ${countTokens(JSON.stringify({ tools: t }))} tokens`);
    await c.close();
  }

  // 2. Start-up over stdio.
  if (existsSync(BIN)) {
    const runs: number[] = [];
    await startupMs(['--sandbox']); // warm the file system cache
    for (let i = 0; i < 7; i++) runs.push(await startupMs(['--sandbox']));
    const bare: number[] = [];
    for (let i = 0; i < 5; i++)
      bare.push(
        await new Promise<number>((resolve) => {
          const t0 = performance.now();
          spawn(process.execPath, ['-e', '0']).once('exit', () => resolve(performance.now() - t0));
        }),
      );
    // A stored connection, as after `acctkit login`: start-up reads the store and contacts no service.
    const folder = mkdtempSync(join(tmpdir(), 'acctkit-mcp-bench-'));
    const storeEnv = { ...process.env, ACCTKIT_CONNECTIONS_FILE: join(folder, 'connections.json') };
    await openConnectionStore({ file: storeEnv.ACCTKIT_CONNECTIONS_FILE }).put({
      name: 'shop',
      baseUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      clientId: DEMO_CLIENT.clientId,
      country: 'de',
      variant: 'de',
      businessId: 1,
      businessName: 'Shop',
      scope: 'full_access',
      tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
      createdAt: new Date().toISOString(),
    });
    const stored: number[] = [];
    for (let i = 0; i < 7; i++) stored.push(await startupMs([], storeEnv));
    rmSync(folder, { recursive: true, force: true });
    out('start-up of acctkit-mcp to the initialize reply over stdio (median of 7):');
    out(`  one stored connection: ${median(stored).toFixed(0)} ms (min ${Math.min(...stored).toFixed(0)})`);
    out(
      `  --sandbox: ${median(runs).toFixed(0)} ms (min ${Math.min(...runs).toFixed(0)}, max ${Math.max(...runs).toFixed(0)}); ` +
        `bare \`node -e 0\` ${median(bare).toFixed(0)} ms (machine load ${loadavg()[0]?.toFixed(1)}); target ≤ 300 ms`,
    );
  } else {
    out(`start-up: skipped, ${BIN} is missing (pnpm --filter @acctkit/mcp-server build)`);
  }

  // 3. Overhead of list_contacts over the direct client call it makes (same business, same page of 25),
  //    with the service in this process (sandbox.fetch) and on a real localhost port (HTTP, as in use).
  const running = await startServer({
    port: 0,
    database: ':memory:',
    adminToken: 'bench',
    rateLimitPerMinute: 0,
  });
  const minted = (await (
    await fetch(`${running.url}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: 'Bearer bench', 'Content-Type': 'application/json' },
      body: JSON.stringify({ business: 'de' }),
    })
  ).json()) as Record<string, string>;
  const overHttp = await connectFromEnv({
    ACCTKIT_BASE_URL: running.url,
    ACCTKIT_COUNTRY: 'de',
    ACCTKIT_SIGNING_SECRET: String(minted.signing_secret),
    ACCTKIT_ACCESS_TOKEN: String(minted.access_token),
  });
  const setups = [
    { label: 'service in process', connections: sandbox.connections, business: 'de' },
    { label: 'service over localhost HTTP', connections: [overHttp], business: 'default' },
  ];
  for (const setup of setups) {
    const connection = setup.connections.find((c) => c.name === setup.business);
    if (!connection) throw new Error(`no connection ${setup.business}`);
    const api = connection.client as Extract<typeof connection.client, { variant: 'de' }>;
    // Two MCP clients: one that listed the tools, so the SDK checks each result against its outputSchema
    // as a careful host does, and one that did not, which shows the server's own share.
    const checking = await linkedClient(createServer({ connections: setup.connections }));
    await checking.listTools();
    const trusting = await linkedClient(createServer({ connections: setup.connections }));
    const direct = async (): Promise<void> => {
      const { data } = await api.GET('/accounts/v2/contacts', {
        params: { query: { $startIndex: 0, $itemsPerPage: 25 } },
      });
      if (!data) throw new Error('direct call failed');
    };
    const viaMcp = (c: Client) => async (): Promise<void> => {
      const result = await c.callTool({
        name: 'list_contacts',
        arguments: { business: setup.business, limit: 25 },
      });
      if (result.isError) throw new Error(`list_contacts failed: ${JSON.stringify(result.content)}`);
    };
    const time = async (fn: () => Promise<void>): Promise<number> => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    for (let i = 0; i < 30; i++) {
      await direct();
      await viaMcp(checking)();
      await viaMcp(trusting)();
    }
    const d: number[] = [];
    const m: number[] = [];
    const t: number[] = [];
    // Interleaved, so drift in the machine's load hits all three alike.
    for (let i = 0; i < 200; i++) {
      d.push(await time(direct));
      m.push(await time(viaMcp(checking)));
      t.push(await time(viaMcp(trusting)));
    }
    const pct = (x: number[]): string => `${(((median(x) - median(d)) / median(d)) * 100).toFixed(1)}%`;
    out(`list_contacts (25 records), ${setup.label}, median of 200 interleaved; target ≤ 15%:`);
    out(
      `  direct ${median(d).toFixed(2)} ms; MCP ${median(m).toFixed(2)} ms (+${pct(m)}) with the client's outputSchema check, ` +
        `${median(t).toFixed(2)} ms (+${pct(t)}) without`,
    );
    await checking.close();
    await trusting.close();
  }
  await running.close();

  await client.close();
  sandbox.sandbox.close();
}

await main();
