// pnpm --filter @acctkit/mcp-server bench (its per-call part): prints figures, asserts nothing.
//   1. tools/list of the full catalogue in tokens (o200k_base, gpt-tokenizer).
//   2. list_contacts over stdio against the sandbox on a localhost port, beside the floor's tool making
//      the same signed request; target ≤ +5%.
// Start-up is measured by bench/start-up.bench.ts, the remote server by bench/remote.bench.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createSandbox, startServer } from '@acctkit/sandbox';
import { loadNow, median } from '@acctkit/testing/bench';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { countTokens } from 'gpt-tokenizer';
import { createServer } from '../src/index.js';
import { connectSandbox } from '../src/node/index.js';
import { bundleFloor } from './bundle-floor.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', 'dist', 'acctkit-mcp.js');
const TOOLS_NODE = (major: number): string =>
  resolve(HERE, `../../../tools/node_modules/node${major}/bin/node`);
const CALLS = Number(process.env.ACCTKIT_BENCH_CALLS ?? 300);

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const load = loadNow;

/** An SDK client over stdio to `node …args`, not having listed the tools (no client-side output check). */
async function stdioClient(node: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: node,
      args: [...args],
      env: env as Record<string, string>,
      stderr: 'ignore',
    }),
  );
  return client;
}

async function perCall(nodes: readonly string[], floor: string): Promise<void> {
  const running = await startServer({
    port: 0,
    database: ':memory:',
    adminToken: 'bench',
    rateLimitPerMinute: 0,
  });
  try {
    const minted = (await (
      await fetch(`${running.url}/_sandbox/tokens`, {
        method: 'POST',
        headers: { Authorization: 'Bearer bench', 'Content-Type': 'application/json' },
        body: JSON.stringify({ business: 'de' }),
      })
    ).json()) as Record<string, string>;
    const env = {
      ...process.env,
      ACCTKIT_BASE_URL: running.url,
      ACCTKIT_COUNTRY: 'de',
      ACCTKIT_SIGNING_SECRET: String(minted.signing_secret),
      ACCTKIT_ACCESS_TOKEN: String(minted.access_token),
    };
    out(
      `list_contacts (25 records) over stdio, sandbox on a localhost port, median of ${CALLS} interleaved calls; target ≤ +5% over the floor:`,
    );
    for (const node of nodes) {
      const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
      const floorClient = await stdioClient(node, [floor], env);
      const acctkit = await stdioClient(node, [BIN], env);
      const call = async (client: Client): Promise<number> => {
        const t0 = performance.now();
        const result = await client.callTool({ name: 'list_contacts', arguments: { limit: 25 } });
        const ms = performance.now() - t0;
        if (result.isError) throw new Error(`list_contacts failed: ${JSON.stringify(result.content)}`);
        return ms;
      };
      for (let i = 0; i < 30; i++) {
        await call(floorClient);
        await call(acctkit);
      }
      const f: number[] = [];
      const a: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        // Alternating which goes first, so neither always follows the other's garbage.
        if (i % 2) {
          f.push(await call(floorClient));
          a.push(await call(acctkit));
        } else {
          a.push(await call(acctkit));
          f.push(await call(floorClient));
        }
      }
      const over = ((median(a) - median(f)) / median(f)) * 100;
      out(
        `  Node ${version} (load ${load()}): floor ${median(f).toFixed(2)} ms, acctkit-mcp ${median(a).toFixed(2)} ms (${over >= 0 ? '+' : ''}${over.toFixed(1)}%)`,
      );
      await floorClient.close();
      await acctkit.close();
    }
  } finally {
    await running.close();
  }
}

async function main(): Promise<void> {
  // 1. Catalogue size: what an agent's context pays for tools/list, as the JSON the client receives.
  const sandbox = await connectSandbox({
    sandbox: {
      sandbox: createSandbox({ database: ':memory:', adminToken: 'bench', rateLimitPerMinute: 0 }),
      adminToken: 'bench',
    },
  });
  for (const readOnly of [false, true]) {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([
      createServer({ connections: sandbox.connections, readOnly }).connect(serverSide),
      client.connect(clientSide),
    ]);
    const { tools } = await client.listTools();
    const json = JSON.stringify({ tools });
    out(
      readOnly
        ? `  --read-only: ${tools.length} tools, ${countTokens(json)} tokens; target ≤ 3200`
        : `tools/list, full catalogue (${tools.length} tools, both variants, writes included): ${countTokens(json)} tokens (o200k_base), ${json.length} characters; target ≤ 6000`,
    );
    await client.close();
  }
  sandbox.sandbox.close();

  if (!existsSync(BIN)) {
    out(`calls: skipped, ${BIN} is missing (pnpm --filter @acctkit/mcp-server build)`);
    return;
  }
  const nodes = [process.execPath, ...[22, 24].map(TOOLS_NODE).filter((n) => existsSync(n))];
  const folder = mkdtempSync(join(tmpdir(), 'acctkit-mcp-bench-'));
  try {
    const floor = await bundleFloor(join(folder, 'floor'));
    await perCall(nodes, floor);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
