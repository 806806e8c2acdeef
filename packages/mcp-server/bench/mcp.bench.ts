// pnpm --filter @acctkit/mcp-server bench: prints figures, asserts nothing.
//   1. tools/list of the full catalogue in tokens (o200k_base, gpt-tokenizer); target ≤ 6,000.
//   2. start-up of the built `acctkit-mcp --sandbox` to its `initialize` reply over stdio; target ≤ 300 ms.
//   3. a list_contacts call through MCP (in-memory transport) over the same direct client call; target ≤ 15%.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '@acctkit/sandbox';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { countTokens } from 'gpt-tokenizer';
import { createServer } from '../src/index.js';
import { connectSandbox } from '../src/node/index.js';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');
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

/** Spawns the bin and times the first stdout line after sending `initialize`. */
function startupMs(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
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
  const server = createServer({ connections: sandbox.connections });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

  // 1. Catalogue size: what an agent's context pays for tools/list, as the JSON the client receives.
  const { tools } = await client.listTools();
  const listJson = JSON.stringify({ tools });
  out(`tools/list, full catalogue (${tools.length} tools, both variants, writes included):`);
  out(`  ${countTokens(listJson)} tokens (o200k_base), ${listJson.length} characters; target ≤ 6000`);
  for (const readOnly of [true]) {
    const narrow = createServer({ connections: sandbox.connections, readOnly });
    const c = new Client({ name: 'bench', version: '1.0.0' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([narrow.connect(b), c.connect(a)]);
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
    out('start-up of acctkit-mcp --sandbox to the initialize reply over stdio (median of 7):');
    out(
      `  ${median(runs).toFixed(0)} ms (min ${Math.min(...runs).toFixed(0)}, max ${Math.max(...runs).toFixed(0)}); ` +
        `bare \`node -e 0\` ${median(bare).toFixed(0)} ms; target ≤ 300 ms`,
    );
  } else {
    out(`start-up: skipped, ${BIN} is missing (pnpm --filter @acctkit/mcp-server build)`);
  }

  // 3. Overhead of list_contacts over the direct client call it makes (same sandbox, same page).
  const connection = sandbox.connections.find((c) => c.name === 'de');
  if (!connection) throw new Error('no de connection');
  const api = connection.client as Extract<typeof connection.client, { variant: 'de' }>;
  const direct = async (): Promise<void> => {
    const { data } = await api.GET('/accounts/v2/contacts', {
      params: { query: { $startIndex: 0, $itemsPerPage: 25 } },
    });
    if (!data) throw new Error('direct call failed');
  };
  const viaMcp = async (): Promise<void> => {
    const result = await client.callTool({ name: 'list_contacts', arguments: { business: 'de', limit: 25 } });
    if (result.isError) throw new Error(`list_contacts failed: ${JSON.stringify(result.content)}`);
  };
  const time = async (fn: () => Promise<void>): Promise<number> => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  for (let i = 0; i < 30; i++) {
    await direct();
    await viaMcp();
  }
  const d: number[] = [];
  const m: number[] = [];
  // Interleaved, so drift in the machine's load hits both alike.
  for (let i = 0; i < 200; i++) {
    d.push(await time(direct));
    m.push(await time(viaMcp));
  }
  const overhead = (median(m) - median(d)) / median(d);
  out('list_contacts (25 records) through MCP vs the direct client call (median of 200, interleaved):');
  out(
    `  direct ${median(d).toFixed(2)} ms, MCP ${median(m).toFixed(2)} ms: overhead ${(overhead * 100).toFixed(1)}%; target ≤ 15%`,
  );

  await client.close();
  sandbox.sandbox.close();
}

await main();
