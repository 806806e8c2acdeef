// pnpm --filter @acctkit/mcp-server bench (its start-up part): prints figures, asserts nothing, and writes
// them to .bench/mcp-start-up.json for the README's table (`pnpm bench:readme`).
// Start-up of the built `acctkit-mcp` to its first reply (`initialize`) over stdio, beside the floor: the
// smallest stdio server of the same MCP SDK (bench/floor-server.ts, one zod tool, bundled with esbuild), in
// the same run, interleaved, in every mode users configure, on every Node found (this one, and
// node22/node24 of tools/); then again on the newest of them with both cores kept busy, as `pnpm load`
// does. Targets: a stored connection and environment mode ≤ 1.2× the floor (≤ 1.3× under load), --sandbox
// ≤ 2×, on Node 24.
// --sandbox needs a better-sqlite3 built for the Node that runs it. This clone's is built for one Node;
// for the others set ACCTKIT_BENCH_BETTER_SQLITE3 to a better-sqlite3 package folder that loads there
// (better-sqlite3 13 uses Node-API: one install serves Node 22 and 24); the bench then redirects the
// import with a resolve hook (module.registerHooks), which costs about a millisecond.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openConnectionStore } from '@acctkit/client/node';
import { DEMO_CLIENT } from '@acctkit/sandbox';
import { type BenchTable, loadNow, median, saveBenchReport } from '@acctkit/testing/bench';
import { bundleFloor } from './bundle-floor.js';
import { firstReplyMs } from './first-reply.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', 'dist', 'acctkit-mcp.js');
const TOOLS_NODE = (major: number): string =>
  resolve(HERE, `../../../tools/node_modules/node${major}/bin/node`);
const ROUNDS = Number(process.env.ACCTKIT_BENCH_ROUNDS ?? 15);
const FLOOR = 'floor (SDK, 1 zod tool)';
const CACHED_FLOOR = 'floor, compile cache on';

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

interface Case {
  readonly label: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** The target, as a multiple of the floor; none for the floors. */
  readonly target?: number;
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

/** Stores with one connection, as `acctkit login` leaves them: access token valid, and long expired. */
async function connectionStores(folder: string): Promise<{ fresh: string; expired: string }> {
  const files = { fresh: join(folder, 'fresh.json'), expired: join(folder, 'expired.json') };
  for (const [kind, file] of Object.entries(files))
    await openConnectionStore({ file }).put({
      name: 'shop',
      baseUrl: 'http://127.0.0.1:9',
      authUrl: 'http://127.0.0.1:9',
      clientId: DEMO_CLIENT.clientId,
      country: 'de',
      variant: 'de',
      businessId: 1,
      businessName: 'Shop',
      scope: 'full_access',
      tokens: {
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: kind === 'fresh' ? Date.now() + 3_600_000 : Date.now() - 86_400_000,
      },
      createdAt: new Date().toISOString(),
    });
  return files;
}

/** Two processes spinning a core each until stopped: what `pnpm load` runs beside a command. */
function busyCores(): () => void {
  const loops: ChildProcess[] = [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => {
    for (const loop of loops) loop.kill('SIGKILL');
  };
}

interface NodeRun {
  readonly version: string;
  readonly load: string;
  /** Median and minimum per case label; absent when the case gave no reply (with the reason). */
  readonly figures: Map<string, { median: number; min: number } | { skipped: string }>;
}

/** Every case on one Node: two warm-up rounds, then `ROUNDS` interleaved rounds. */
async function runNode(node: string, cases: readonly Case[]): Promise<NodeRun> {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const skipped = new Map<string, string>();
  for (let warm = 0; warm < 2; warm++)
    for (const c of cases) {
      const { ms, stderr } = await firstReplyMs(node, c);
      if (ms === undefined) skipped.set(c.label, stderr.trim().split('\n').at(-1) ?? 'no reply');
    }
  const times = new Map<string, number[]>(cases.map((c) => [c.label, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const c of cases) {
      if (skipped.has(c.label)) continue;
      const { ms } = await firstReplyMs(node, c);
      if (ms !== undefined) times.get(c.label)?.push(ms);
    }
  const figures: NodeRun['figures'] = new Map();
  for (const c of cases) {
    const reason = skipped.get(c.label);
    const ms = times.get(c.label) ?? [];
    figures.set(
      c.label,
      reason || ms.length === 0
        ? { skipped: (reason ?? 'no reply').slice(0, 160) }
        : { median: median(ms), min: Math.min(...ms) },
    );
  }
  return { version, load: loadNow(), figures };
}

/** `151 ms (min 140), 1.07×`: a case's cell of the table, its ratio to the floor of the same run. */
function cell(run: NodeRun, label: string): string {
  const f = run.figures.get(label);
  const floor = run.figures.get(FLOOR);
  // A case this Node does not have (the compile cache before Node 22).
  if (!f) return '—';
  if ('skipped' in f) return `skipped (${f.skipped})`;
  const ratio = floor && 'median' in floor ? `, ${(f.median / floor.median).toFixed(2)}×` : '';
  return `${f.median.toFixed(0)} ms (min ${f.min.toFixed(0)})${label === FLOOR ? '' : ratio}`;
}

function printRun(run: NodeRun, cases: readonly Case[]): void {
  out(`  Node ${run.version} (load ${run.load}):`);
  for (const c of cases) out(`    ${c.label}: ${cell(run, c.label)}`);
}

function table(title: string, runs: readonly NodeRun[], cases: readonly Case[], loaded: boolean): BenchTable {
  return {
    title,
    columns: [
      'Start-up to the `initialize` reply',
      ...runs.map((r) => `Node ${r.version} (load ${r.load})`),
      'Target',
    ],
    rows: cases.map((c) => [
      c.label,
      ...runs.map((r) => cell(r, c.label)),
      c.target === undefined ? '' : `≤ ${loaded && c.target < 2 ? 1.3 : c.target}×`,
    ]),
  };
}

async function main(): Promise<void> {
  if (!existsSync(BIN)) {
    out(`start-up: skipped, ${BIN} is missing (pnpm --filter @acctkit/mcp-server build)`);
    return;
  }
  const nodes = [process.execPath, ...[22, 24].map(TOOLS_NODE).filter((n) => existsSync(n))];
  const folder = mkdtempSync(join(tmpdir(), 'acctkit-mcp-start-up-'));
  const service = await countingService();
  try {
    const floor = await bundleFloor(join(folder, 'floor'));
    const stores = await connectionStores(folder);
    const base = { ACCTKIT_BASE_URL: service.url, ACCTKIT_COUNTRY: 'de', ACCTKIT_SIGNING_SECRET: 'bench' };
    // The modes as the README configures them; none may contact the service before the first reply.
    const envAccess = { ...process.env, ...base, ACCTKIT_ACCESS_TOKEN: 'bench-access-token' };
    const envRefresh = {
      ...process.env,
      ...base,
      ACCTKIT_CLIENT_ID: 'bench-client',
      ACCTKIT_CLIENT_SECRET: 'bench-secret',
      ACCTKIT_REFRESH_TOKEN: 'bench-refresh-token',
    };
    // What Node's default compile cache folder is (module.enableCompileCache() without a folder).
    const cacheEnv = { ...process.env, NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') };
    const casesFor = async (node: string): Promise<Case[]> => {
      const cacheable =
        Number(/^v(\d+)/.exec(execFileSync(node, ['--version'], { encoding: 'utf8' }))?.[1]) >= 22;
      // --sandbox with this clone's better-sqlite3, else with the one named by ACCTKIT_BENCH_BETTER_SQLITE3.
      const own = await firstReplyMs(node, { args: [BIN, '--sandbox'], env: process.env });
      const sandboxArgs = own.ms === undefined ? [...sqliteRedirect(), BIN, '--sandbox'] : [BIN, '--sandbox'];
      return [
        { label: FLOOR, args: [floor], env: process.env },
        ...(cacheable ? [{ label: CACHED_FLOOR, args: [floor], env: cacheEnv }] : []),
        {
          label: 'one stored connection (after `acctkit login`)',
          args: [BIN],
          env: { ...process.env, ACCTKIT_CONNECTIONS_FILE: stores.fresh },
          target: 1.2,
        },
        {
          label: 'a stored connection whose access token expired',
          args: [BIN],
          env: { ...process.env, ACCTKIT_CONNECTIONS_FILE: stores.expired },
          target: 1.2,
        },
        { label: 'environment mode, access token', args: [BIN], env: envAccess, target: 1.2 },
        {
          label: 'environment mode, refresh credentials (as the README configures it)',
          args: [BIN],
          env: envRefresh,
          target: 1.2,
        },
        { label: '--sandbox', args: sandboxArgs, env: process.env, target: 2 },
      ];
    };
    out(
      `start-up to the first reply (initialize) over stdio, median of ${ROUNDS} interleaved rounds after 2 warm-ups:`,
    );
    const quiet: NodeRun[] = [];
    let cases: Case[] = [];
    for (const node of nodes) {
      const nodeCases = await casesFor(node);
      if (nodeCases.length > cases.length) cases = nodeCases;
      const hitsBefore = service.hits();
      const run = await runNode(node, nodeCases);
      printRun(run, nodeCases);
      out(`    connections the service got during the runs: ${service.hits() - hitsBefore}`);
      quiet.push(run);
    }
    const newest = nodes.at(-1) as string;
    out(
      `the same on ${newest === process.execPath ? 'this Node' : 'the newest Node'} with both cores busy (2 spinning processes, as \`pnpm load\`):`,
    );
    const newestCases = await casesFor(newest);
    const stop = busyCores();
    let loaded: NodeRun;
    try {
      loaded = await runNode(newest, newestCases);
    } finally {
      stop();
    }
    printRun(loaded, newestCases);
    const file = saveBenchReport('mcp-start-up', [
      table(
        `Start-up to the \`initialize\` reply over stdio: median of ${ROUNDS} interleaved rounds (minimum in brackets) and the ratio to the floor of the same run.`,
        quiet,
        cases,
        false,
      ),
      table(
        'The same with both cores kept busy by two spinning processes (what `pnpm load` does).',
        [loaded],
        newestCases,
        true,
      ),
    ]);
    out(`figures written to ${file}`);
  } finally {
    service.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
