// pnpm --filter @acctkit/mcp-server bench (its per-call part): prints figures, asserts nothing.
//   1. tools/list in tokens (o200k_base, gpt-tokenizer), full and read-only, for a plain client and one
//      that renders MCP Apps, and each card's resources/read in bytes; written to .bench/mcp-catalogue.json
//      for the README (pnpm bench:readme).
//   2. list_contacts over stdio against the sandbox on a localhost port, beside the floor's tool making
//      the same signed request; target ≤ +5%.
// Start-up is measured by bench/start-up.bench.ts, the remote server by bench/remote.bench.ts.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createSandbox, startServer } from '@acctkit/sandbox';
import { type BenchTable, loadNow, median, saveBenchReport } from '@acctkit/testing/bench';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { countTokens } from 'gpt-tokenizer';
import { APP_MIME_TYPE } from '../src/apps/cards.js';
import { CARD_BUDGET } from '../src/apps/generate-cards.js';
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

/** A client's capabilities when it renders MCP Apps (the UI extension with the MCP Apps mime type). */
const APPS_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE] } },
};

/** The targets of tools/list in tokens, with or without the write tools (test/catalogue.node.test.ts). */
const TOKEN_TARGET = { full: 6700, readOnly: 3600 } as const;

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * 1. What an agent's context pays for tools/list, and 2. what a host that renders MCP Apps downloads
 * for the cards (each card's `resources/read`), with the businesses of `acctkit-mcp --sandbox`.
 */
async function catalogue(): Promise<BenchTable[]> {
  const sandbox = await connectSandbox({
    sandbox: {
      sandbox: createSandbox({ database: ':memory:', adminToken: 'bench', rateLimitPerMinute: 0 }),
      adminToken: 'bench',
    },
  });
  const listing: string[][] = [];
  const cardRows: string[][] = [];
  try {
    for (const apps of [false, true])
      for (const readOnly of [false, true]) {
        const client = new Client(
          { name: 'bench', version: '1.0.0' },
          { capabilities: apps ? APPS_CAPABILITIES : {} },
        );
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        await Promise.all([
          createServer({ connections: sandbox.connections, readOnly }).connect(serverSide),
          client.connect(clientSide),
        ]);
        const { tools } = await client.listTools();
        const json = JSON.stringify({ tools });
        const target = readOnly ? TOKEN_TARGET.readOnly : TOKEN_TARGET.full;
        const tokens = countTokens(json);
        const name = `${apps ? 'Client that renders MCP Apps' : 'Plain client'}, ${readOnly ? '`--read-only`' : 'full catalogue'}`;
        listing.push([
          name,
          String(tools.length),
          tokens.toLocaleString('en'),
          json.length.toLocaleString('en'),
          `≤ ${target.toLocaleString('en')}`,
        ]);
        out(
          `tools/list, ${name} (--sandbox): ${tools.length} tools, ${tokens} tokens (o200k_base), ${json.length} characters; target ≤ ${target}`,
        );
        if (apps && !readOnly) {
          const { resources } = await client.listResources();
          const total = { text: 0, gzip: 0, message: 0, messageGzip: 0 };
          for (const resource of resources.filter((r) => r.mimeType === APP_MIME_TYPE)) {
            const read = await client.readResource({ uri: resource.uri });
            const content = read.contents[0];
            const text = content && 'text' in content ? content.text : '';
            // The JSON-RPC result as it crosses the wire: the HTML escaped into a JSON string.
            const message = JSON.stringify({ jsonrpc: '2.0', id: 1, result: read });
            const size = {
              text: Buffer.byteLength(text),
              gzip: gzipSync(text).length,
              message: Buffer.byteLength(message),
              messageGzip: gzipSync(message).length,
            };
            for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += size[key];
            cardRows.push([
              `\`${resource.uri}\``,
              kB(size.text),
              kB(size.gzip),
              kB(size.message),
              kB(size.messageGzip),
              `≤ ${kB(CARD_BUDGET.raw)}, ${kB(CARD_BUDGET.gzip)} gzipped`,
            ]);
            out(
              `  resources/read ${resource.uri}: ${size.text} bytes of HTML (${size.gzip} gzipped), ${size.message} bytes as JSON-RPC (${size.messageGzip} gzipped)`,
            );
          }
          cardRows.push([
            'Every card (a session that reads them all)',
            kB(total.text),
            kB(total.gzip),
            kB(total.message),
            kB(total.messageGzip),
            '',
          ]);
        }
        await client.close();
      }
  } finally {
    sandbox.sandbox.close();
  }
  return [
    {
      title:
        '`tools/list` with the businesses of `acctkit-mcp --sandbox` (both variants), in o200k_base tokens (gpt-tokenizer) of the JSON the client receives:',
      columns: ['Client and catalogue', 'Tools', 'Tokens', 'Characters', 'Target'],
      rows: listing,
    },
    {
      title:
        'What a host that renders MCP Apps downloads for each card, its `resources/read` (the HTML, and the JSON-RPC message that carries it; gzip level 6). The budget is `CARD_BUDGET` of `src/apps/generate-cards.ts`, which the build enforces:',
      columns: ['Card', 'HTML', 'gzipped', 'JSON-RPC message', 'gzipped', 'Budget'],
      rows: cardRows,
    },
  ];
}

async function main(): Promise<void> {
  const tables = await catalogue();
  out(`wrote ${saveBenchReport('mcp-catalogue', tables)}`);

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
