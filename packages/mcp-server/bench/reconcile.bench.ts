// pnpm --filter @acctkit/mcp-server bench (its reconcile part): prints figures, asserts nothing, and writes
// them to .bench/mcp-reconcile.json for the README's table (`pnpm bench:readme`).
// reconcile_statement of a statement of 1,000 lines, as a user's MCP client runs it: the built
// `acctkit-mcp` over stdio in environment mode (ACCTKIT_* set, as for one business of the real service),
// against a sandbox on a loopback port that counts the requests reaching it. The sandbox's `de` demo
// business gets expenses created through the data API until its first bank account has 997 records in a
// quarter; the statement is the sandbox's own CAMT.053 export of that quarter (one line per record, plus
// the three lines the books lack), sent as the tool's `statement` argument. `--sandbox` would keep the
// service in the bin's process, where its requests cannot be counted and its SQLite work is billed to
// the tool: environment mode is what a real deployment runs.
// Figures: the time of one call (the first page of 200 lines, each call reads and matches the whole
// file), median and minimum of ROUNDS runs after one warm-up, the load average beside them, and the
// service requests each call made by path (the books are read once per call, never once per line).

import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, createTokenManager, toTokenSet } from '@acctkit/client';
import { createSandbox, type Sandbox } from '@acctkit/sandbox';
import { type BenchTable, loadNow, median, saveBenchReport } from '@acctkit/testing/bench';
import { serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const HERE = dirname(fileURLToPath(import.meta.url));
const BIN = join(HERE, '..', 'dist', 'acctkit-mcp.js');
const ROUNDS = Math.max(5, Number(process.env.ACCTKIT_BENCH_ROUNDS ?? 7));
const LINES = 1_000;
const ADMIN = 'reconcile-bench-admin';
const FROM = '2026-03-01';
const TO = '2026-05-31';
/** A `de` expense type (Bürobedarf). */
const EXPENSE_TYPE = 111;
const PAGE = 200;

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** The sandbox on a loopback port, counting requests by method and path (ids and queries dropped). */
async function countingSandbox(): Promise<{
  url: string;
  sandbox: Sandbox;
  requests: Map<string, number>;
  close(): Promise<void>;
}> {
  const sandbox = createSandbox({ database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0 });
  const requests = new Map<string, number>();
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: (request, env) => {
          const path = new URL(request.url).pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
          const key = `${request.method} ${path}`;
          requests.set(key, (requests.get(key) ?? 0) + 1);
          return sandbox.app.fetch(request, env);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          sandbox,
          requests,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                sandbox.close();
                done();
              });
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        }),
    );
  });
}

interface Minted {
  access_token: string;
  refresh_token: string;
  signing_secret: string;
  client_id: string;
  client_secret: string;
}

async function admin(url: string, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${url}/_sandbox/${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
  });
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function statementText(url: string, bankAccount: number): Promise<string> {
  const q = new URLSearchParams({ business: 'de', bank_account: String(bankAccount), from: FROM, to: TO });
  return (await admin(url, `statements?${q}`)).text();
}

const linesOf = (xml: string): number => xml.split('<Ntry>').length - 1;

/** Creates expenses on the account through the data API until the quarter's statement has LINES lines. */
async function fillQuarter(url: string, token: Minted): Promise<{ statement: string; created: number }> {
  const tokens = createTokenManager({
    baseUrl: url,
    clientId: token.client_id,
    clientSecret: token.client_secret,
    signingSecret: token.signing_secret,
    tokens: toTokenSet(token as unknown as Parameters<typeof toTokenSet>[0], Date.now()),
  });
  const client = createClient({
    variant: 'de',
    baseUrl: url,
    tokens,
    userAgent: 'acctkit-bench',
    retry: false,
  });
  const accounts = await client.GET('/accounts/v2/bank_accounts', {});
  const bank = (accounts.data as unknown as { $resources: { id: number; iban: string }[] }).$resources.find(
    (a) => a.iban,
  );
  if (!bank) throw new Error('the de demo business has no bank account with an IBAN');
  const missing = LINES - linesOf(await statementText(url, bank.id));
  const days = (Date.parse(`${TO}T00:00:00Z`) - Date.parse(`${FROM}T00:00:00Z`)) / 86_400_000 + 1;
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < missing; i = next++) {
      const date = new Date(Date.parse(`${FROM}T00:00:00Z`) + (i % days) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      // Distinct amounts ending in .x7 cents, off the demo data's round figures, so each line has one record.
      const total = (10 + i * 1.01 + 0.07).toFixed(2);
      const { response } = await client.POST('/accounts/v2/expenses', {
        body: {
          expense: {
            date,
            total,
            bank_account_id: bank.id,
            ledger_account_id: EXPENSE_TYPE,
            reference: `BENCH-${String(i).padStart(4, '0')}`,
          },
        },
      });
      if (response.status !== 201) throw new Error(`create expense ${i}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const statement = await statementText(url, bank.id);
  return { statement, created: Math.max(0, missing) };
}

const ms = (n: number): string => n.toFixed(0);

async function main(): Promise<void> {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: run pnpm --filter @acctkit/mcp-server build first.`);
  const service = await countingSandbox();
  let client: Client | undefined;
  try {
    const token = (await (
      await admin(service.url, 'tokens', {
        method: 'POST',
        body: JSON.stringify({ business: 'de', scope: 'full_access' }),
      })
    ).json()) as Minted;
    const { statement, created } = await fillQuarter(service.url, token);
    const lines = linesOf(statement);
    out(
      `statement: ${lines} lines (${created} expenses created), ${(statement.length / 1024).toFixed(0)} KiB CAMT.053`,
    );

    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith('ACCTKIT_')) env[k] = v;
    Object.assign(env, {
      ACCTKIT_BASE_URL: service.url,
      ACCTKIT_CLIENT_ID: token.client_id,
      ACCTKIT_CLIENT_SECRET: token.client_secret,
      ACCTKIT_SIGNING_SECRET: token.signing_secret,
      ACCTKIT_ACCESS_TOKEN: token.access_token,
      ACCTKIT_REFRESH_TOKEN: token.refresh_token,
      ACCTKIT_COUNTRY: 'de',
    });
    client = new Client({ name: 'reconcile-bench', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [BIN], env, stderr: 'ignore' }),
    );

    const call = async (): Promise<{ ms: number; summary: Record<string, number> }> => {
      const started = performance.now();
      const result = await client?.callTool({
        name: 'reconcile_statement',
        arguments: { statement, limit: PAGE },
      });
      const elapsed = performance.now() - started;
      if (!result || result.isError)
        throw new Error(`reconcile_statement failed: ${JSON.stringify(result?.content)}`);
      return {
        ms: elapsed,
        summary: (result.structuredContent as { summary: Record<string, number> }).summary,
      };
    };

    const warm = await call();
    const times: number[] = [];
    const perCall: Map<string, number>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      service.requests.clear();
      times.push((await call()).ms);
      perCall.push(new Map(service.requests));
    }
    // The whole file, page by page as an agent reads it: each page is a call that reads the books again.
    service.requests.clear();
    const pagingStarted = performance.now();
    let pages = 0;
    for (let cursor: string | undefined, first = true; first || cursor; first = false) {
      const page = await client.callTool({
        name: 'reconcile_statement',
        arguments: { statement, limit: PAGE, ...(cursor && { cursor }) },
      });
      pages++;
      cursor = (page.structuredContent as { nextCursor?: string } | undefined)?.nextCursor;
    }
    const pagingMs = performance.now() - pagingStarted;
    const pagingRequests = [...service.requests.values()].reduce((a, b) => a + b, 0);
    const load = loadNow();
    const requests = perCall[perCall.length - 1] ?? new Map<string, number>();
    const total = [...requests.values()].reduce((a, b) => a + b, 0);
    const s = warm.summary;
    out(
      `reconcile_statement, ${lines} lines, first page of ${PAGE}: median ${ms(median(times))} ms, min ${ms(Math.min(...times))} ms over ${ROUNDS} runs (load ${load})`,
    );
    out(`  matched ${s.matched}, ambiguous ${s.ambiguous}, unmatched ${s.unmatched}`);
    out(`  service requests per call: ${total}`);
    for (const [key, n] of [...requests].sort()) out(`    ${n} × ${key}`);
    out(`  every line in ${pages} pages of ${PAGE}: ${ms(pagingMs)} ms, ${pagingRequests} service requests`);
    const steady = perCall.every((m) => [...m.values()].reduce((a, b) => a + b, 0) === total);

    const tables: BenchTable[] = [
      {
        title: `reconcile_statement of a ${lines}-line CAMT.053 statement (${s.matched} matched, ${s.ambiguous} ambiguous, ${s.unmatched} unmatched), the built acctkit-mcp over stdio in environment mode against a sandbox on a loopback port; the first page of ${PAGE} lines, each call reading the books and matching every line; ${ROUNDS} runs after a warm-up, load ${load}.`,
        columns: ['Call', 'Median', 'Min', 'Service requests'],
        rows: [
          [
            `first page (${PAGE} of ${lines} lines)`,
            `${ms(median(times))} ms`,
            `${ms(Math.min(...times))} ms`,
            `${total}${steady ? '' : ' (varied)'}`,
          ],
          [`every line (${pages} pages, one run)`, `${ms(pagingMs)} ms`, '', String(pagingRequests)],
        ],
      },
      {
        title:
          'The requests of one call, by path: the books of the period (± 30 days) are read once, a page of 200 records a request.',
        columns: ['Requests', 'Method and path'],
        rows: [...requests].sort().map(([key, n]) => [String(n), `\`${key}\``]),
      },
    ];
    out(`wrote ${saveBenchReport('mcp-reconcile', tables)}`);
  } finally {
    await client?.close();
    await service.close();
  }
}

await main();
