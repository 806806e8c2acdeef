// pnpm --filter @acctkit/mcp-server bench: prints figures, asserts nothing.
//   1. tools/list of the full catalogue in tokens (o200k_base, gpt-tokenizer); target ≤ 6,000.
//   2. start-up of the built `acctkit-mcp` to its first reply over stdio, beside the floor: the smallest
//      stdio server of the same MCP SDK (bench/floor-server.ts, one zod tool, bundled with esbuild), in
//      the same run, interleaved, on every Node found (this one, and node22/node24 of tools/). Targets:
//      a stored connection and environment mode ≤ 1.2× the floor, --sandbox ≤ 2×, on Node 24.
//   3. list_contacts over stdio against the sandbox on a localhost port, beside the floor's tool making
//      the same signed request; target ≤ +5%.
// --sandbox needs a better-sqlite3 built for the Node that runs it. This clone's is built for one Node;
// for the others set ACCTKIT_BENCH_BETTER_SQLITE3 to a better-sqlite3 package folder that loads there
// (better-sqlite3 13 uses Node-API: one install serves Node 22 and 24); the bench then redirects the
// import with a resolve hook (module.registerHooks), which costs about a millisecond.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openConnectionStore } from '@acctkit/client/node';
import { createSandbox, DEMO_CLIENT, startServer } from '@acctkit/sandbox';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { build } from 'esbuild';
import { countTokens } from 'gpt-tokenizer';
import { createServer } from '../src/index.js';
import { connectSandbox } from '../src/node/index.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', 'dist', 'acctkit-mcp.js');
const TOOLS_NODE = (major: number): string =>
  resolve(HERE, `../../../tools/node_modules/node${major}/bin/node`);
const ROUNDS = Number(process.env.ACCTKIT_BENCH_ROUNDS ?? 11);
const CALLS = Number(process.env.ACCTKIT_BENCH_CALLS ?? 300);

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const load = (): string => loadavg()[0]?.toFixed(1) ?? '?';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The floor server, bundled as acctkit-mcp is (ESM, Node 20 target, split at its dynamic imports). */
async function bundleFloor(folder: string): Promise<string> {
  await build({
    entryPoints: { floor: join(HERE, 'floor-server.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: folder,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return join(folder, 'floor.js');
}

interface Case {
  readonly label: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;

/** Spawns `node …args`, sends `initialize` and times the first stdout line; `undefined` if none comes. */
function firstReplyMs(node: string, c: Case): Promise<{ ms?: number; stderr: string }> {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(node, [...c.args], { env: c.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.once('data', () => {
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.kill();
      done({ ms, stderr });
    });
    child.once('exit', () => {
      clearTimeout(timer);
      done({ stderr });
    });
    child.stdin.on('error', () => {});
    child.stdin.write(INITIALIZE);
  });
}

/** A loopback service that only counts what reaches it: the first reply must not need it. */
async function countingService(): Promise<{ url: string; hits: () => number; close(): void }> {
  let hits = 0;
  const server = createHttpServer((_req, res) => {
    res.statusCode = 503;
    res.end();
  });
  server.on('connection', () => {
    hits++;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => server.close(),
  };
}

/** `--import` of a resolve hook sending `better-sqlite3` to another install, or nothing. */
function sqliteRedirect(): string[] {
  const folder = process.env.ACCTKIT_BENCH_BETTER_SQLITE3;
  if (!folder) return [];
  const target = pathToFileURL(join(folder, 'lib', 'index.js')).href;
  const hook = `import { registerHooks } from 'node:module'; registerHooks({ resolve: (s, c, n) => n(s === 'better-sqlite3' ? ${JSON.stringify(target)} : s, c) });`;
  return ['--import', `data:text/javascript,${encodeURIComponent(hook)}`];
}

async function startUp(nodes: readonly string[], floor: string, storeEnv: NodeJS.ProcessEnv): Promise<void> {
  const service = await countingService();
  const envMode = {
    ...process.env,
    ACCTKIT_BASE_URL: service.url,
    ACCTKIT_COUNTRY: 'de',
    ACCTKIT_SIGNING_SECRET: 'bench-signing-secret',
    ACCTKIT_ACCESS_TOKEN: 'bench-access-token',
  };
  // What Node's default compile cache folder is (module.enableCompileCache() without a folder).
  const cacheEnv = { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };
  out(
    `start-up to the first reply (initialize) over stdio, median of ${ROUNDS} interleaved rounds after 2 warm-ups; ratio to the floor:`,
  );
  for (const node of nodes) {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    // Node 22.1+ has a compile cache: the floor with it on is the like-for-like figure there.
    const cacheable = Number(/^v(\d+)/.exec(version)?.[1]) >= 22;
    // --sandbox with this clone's better-sqlite3, else with the one named by ACCTKIT_BENCH_BETTER_SQLITE3.
    const own = await firstReplyMs(node, { label: '', args: [BIN, '--sandbox'], env: process.env });
    const sandboxArgs = own.ms === undefined ? [...sqliteRedirect(), BIN, '--sandbox'] : [BIN, '--sandbox'];
    const cases: Case[] = [
      { label: 'floor (SDK, 1 zod tool)', args: [floor], env: process.env },
      ...(cacheable ? [{ label: 'floor, compile cache on', args: [floor], env: cacheEnv }] : []),
      { label: 'one stored connection', args: [BIN], env: storeEnv },
      { label: 'environment mode', args: [BIN], env: envMode },
      { label: '--sandbox', args: sandboxArgs, env: process.env },
    ];
    const skipped = new Map<string, string>();
    for (let warm = 0; warm < 2; warm++)
      for (const c of cases) {
        const { ms, stderr } = await firstReplyMs(node, c);
        if (ms === undefined) skipped.set(c.label, stderr.trim().split('\n').at(-1) ?? 'no reply');
      }
    const times = new Map<string, number[]>(cases.map((c) => [c.label, []]));
    const hitsBefore = service.hits();
    for (let round = 0; round < ROUNDS; round++)
      for (const c of cases) {
        if (skipped.has(c.label)) continue;
        const { ms } = await firstReplyMs(node, c);
        if (ms !== undefined) times.get(c.label)?.push(ms);
      }
    const floorMs = median(times.get('floor (SDK, 1 zod tool)') ?? []);
    const cachedFloorMs = cacheable ? median(times.get('floor, compile cache on') ?? []) : undefined;
    out(`  Node ${version} (load ${load()}):`);
    for (const c of cases) {
      const reason = skipped.get(c.label);
      if (reason) {
        out(`    ${c.label}: skipped (${reason.slice(0, 160)})`);
        continue;
      }
      const ms = times.get(c.label) ?? [];
      const m = median(ms);
      out(
        `    ${c.label}: ${m.toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}), ${(m / floorMs).toFixed(2)}× the floor` +
          (cachedFloorMs === undefined ? '' : `, ${(m / cachedFloorMs).toFixed(2)}× the cached floor`) +
          (c.label === '--sandbox' && c.args[0] === '--import' ? ' (better-sqlite3 redirected)' : ''),
      );
    }
    out(
      `    connections the environment mode's service got before and during the runs: ${service.hits() - hitsBefore}`,
    );
  }
  service.close();
}

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
    out(`start-up and calls: skipped, ${BIN} is missing (pnpm --filter @acctkit/mcp-server build)`);
    return;
  }
  const nodes = [process.execPath, ...[22, 24].map(TOOLS_NODE).filter((n) => existsSync(n))];
  const folder = mkdtempSync(join(tmpdir(), 'acctkit-mcp-bench-'));
  try {
    const floor = await bundleFloor(join(folder, 'floor'));
    // A stored connection, as after `acctkit login`: start-up reads the store and contacts no service.
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
    // 2. Start-up, then 3. calls.
    await startUp(nodes, floor, storeEnv);
    await perCall(nodes, floor);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
