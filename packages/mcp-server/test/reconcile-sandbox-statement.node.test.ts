// Reconciliation end to end with the bank statement the sandbox exports over HTTP (one line per booked
// record of the account, plus a customer's advance, a card purchase and the account fee the books lack),
// over MCP on both protocol versions, for both variants and each file format: reconcile_statement
// matches every booked line to its record and proposes the three others; book_statement_lines books
// them once (a form on 2026-07-28, confirm: true on 2025-11-25); the books then account for the
// statement's closing balance; the statement sent again books nothing; undo_change takes one back and
// its line is unmatched again. Then the same in short on the remote server (Node).
import { sumDecimals } from '@acctkit/client';
import type { RunningServer } from '@acctkit/sandbox';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { type RunningHttpServer, startHttpServer } from '../src/node/index.js';
import type { RunningRemoteServer } from '../src/remote/node/index.js';
import {
  type AccountRecord,
  accountRecords,
  bankAccountOf,
  connectOverHttp,
  exportStatement,
  type StatementFormat,
  type Variant,
} from './helpers/sandbox-statement.js';
import {
  authorizeWithoutBrowser,
  exchange,
  type ProtocolVersion,
  remoteClient,
  startRemote,
  startSandbox,
} from './remote-helpers.js';

interface Result {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: unknown[];
}
interface Proposal {
  kind: 'expense' | 'income';
  ledger_account_id?: number | null;
  source_id?: number | null;
}
interface Line {
  line: string;
  status: 'matched' | 'ambiguous' | 'unmatched';
  amount: string;
  date: string;
  match?: { kind: string; id: number };
  proposal?: Proposal;
}
interface Summary {
  lines: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  bank_account_id: number;
  closing_balance: string | null;
  books_balance: string;
  difference: string | null;
  statement_balanced?: boolean;
}
interface Reconciled {
  summary: Summary;
  lines: Line[];
  nextCursor?: string;
}
interface Booked {
  status: string;
  lines: { line: string; status: string; kind: string; id: number; change?: string }[];
}

const VERSIONS: readonly ProtocolVersion[] = ['2026-07-28', '2025-11-25'];
const VARIANTS: readonly Variant[] = ['de', 'pt'];
const FORMATS: readonly StatementFormat[] = ['camt053', 'mt940', 'csv'];
const CASES = VERSIONS.flatMap((version) =>
  VARIANTS.flatMap((variant) => FORMATS.map((format) => ({ version, variant, format }))),
);

// The demo bank accounts' balance is set on 2025-01-01 (balance_date): a period starting that day opens
// with it, so the books' balance plus the period's records is what the statement must close with.
const FROM = '2025-01-01';
const TO = '2025-01-31';
/** An expense type and the income type picked for lines whose proposal has none (no history to learn from). */
const EXPENSE_TYPE: Record<Variant, number> = { de: 111, pt: 301 };

/** A tool call over MCP that must succeed; its structured result. */
async function ok<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as Result;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

/** Every line of the statement, page by page. */
async function reconcile(client: Client, base: Record<string, unknown>): Promise<Reconciled> {
  const lines: Line[] = [];
  let cursor: string | undefined;
  let summary: Summary | undefined;
  do {
    const page = await ok<Reconciled>(client, 'reconcile_statement', {
      ...base,
      limit: 100,
      ...(cursor && { cursor }),
    });
    lines.push(...page.lines);
    summary = page.summary;
    cursor = page.nextCursor;
  } while (cursor);
  return { summary: summary as Summary, lines };
}

/** Lines of the statement that stand for a booked record, as `kind id` per line id. */
const matches = (lines: readonly Line[]): Map<string, string> =>
  new Map(lines.filter((l) => l.match).map((l) => [l.line, `${l.match?.kind} ${l.match?.id}`]));

const byRecord = (records: readonly AccountRecord[]): string[] =>
  records.map((r) => `${r.kind} ${r.id}`).sort();

/** Overrides for the proposals without a type: the variant's expense type, the first income type. */
async function overridesFor(
  client: Client,
  variant: Variant,
  business: Record<string, unknown>,
  lines: readonly Line[],
): Promise<Record<string, unknown>[]> {
  const incomeTypes = await ok<{ items: { id: number }[] }>(client, 'list_reference', {
    ...business,
    kind: 'income_types',
  });
  const out: Record<string, unknown>[] = [];
  for (const l of lines) {
    const p = l.proposal as Proposal;
    if (p.kind === 'expense' && p.ledger_account_id == null)
      out.push({ line: l.line, ledger_account_id: EXPENSE_TYPE[variant] });
    if (p.kind === 'income' && p.source_id == null)
      out.push({ line: l.line, source_id: incomeTypes.items[0]?.id });
  }
  return out;
}

/**
 * The whole flow on one statement. `business` is `{ business }` with several connections and `{}` on
 * the remote server; `forms` lists the confirmation forms the client answered (undefined: none declared).
 */
async function reconcileBookUndo(
  client: Client,
  flow: {
    connection: BusinessConnection;
    business: Record<string, unknown>;
    statement: string;
    account: Record<string, unknown>;
    forms?: string[];
  },
): Promise<void> {
  const { connection, business, account } = flow;
  const base = { ...business, statement: flow.statement, bank_account_id: account.id };
  const records = await accountRecords(connection, account, FROM, TO);
  expect(records.length).toBeGreaterThan(3);

  // Every booked line is matched to its record; the three lines the books lack are proposed.
  const first = await reconcile(client, base);
  expect(first.summary).toMatchObject({
    lines: records.length + 3,
    matched: records.length,
    ambiguous: 0,
    unmatched: 3,
    bank_account_id: account.id,
  });
  expect([...matches(first.lines).values()].sort()).toStrictEqual(byRecord(records));
  for (const l of first.lines.filter((x) => x.match)) {
    const record = records.find((r) => `${r.kind} ${r.id}` === `${l.match?.kind} ${l.match?.id}`);
    expect([l.amount, l.date], l.line).toStrictEqual([record?.amount, record?.date]);
  }
  const unmatched = first.lines.filter((l) => l.status === 'unmatched');
  expect(unmatched.map((l) => l.proposal?.kind).sort()).toStrictEqual(['expense', 'expense', 'income']);
  for (const l of unmatched) expect(l.proposal?.kind).toBe(l.amount.startsWith('-') ? 'expense' : 'income');
  const extra = sumDecimals(unmatched.map((l) => l.amount));
  // The balance check: the file adds up (a CSV by its running balance column), and the difference is
  // the closing balance less the account's balance in the books, which the sandbox keeps as of its
  // balance_date (the period's first day), so the period's records make up the difference: before
  // booking, they fall short of the statement by exactly the three lines.
  const closing = first.summary.closing_balance as string;
  expect(closing).not.toBeNull();
  expect(first.summary.statement_balanced).toBe(true);
  expect(first.summary.books_balance).toBe(String(account.balance));
  expect(first.summary.difference).toBe(sumDecimals([closing, `-${first.summary.books_balance}`]));
  expect(sumDecimals([first.summary.books_balance, ...records.map((r) => r.amount), extra])).toBe(closing);

  // Booked once for the batch: through the form where the client shows one, else confirm: true.
  const args = {
    ...base,
    all_unmatched: true,
    overrides: await overridesFor(client, connection.variant, business, unmatched),
  };
  const done = await ok<Booked>(client, 'book_statement_lines', {
    ...args,
    ...(flow.forms === undefined && { confirm: true }),
  });
  if (flow.forms !== undefined) {
    expect(flow.forms).toHaveLength(1);
    expect(flow.forms[0]).toContain('Book 3 bank statement line(s)');
  }
  expect(done.status).toBe('booked');
  expect(done.lines.map((l) => [l.line, l.status])).toStrictEqual(unmatched.map((l) => [l.line, 'created']));

  // Every line matches now, the three to the records just booked; the books hold the closing balance.
  const after = await reconcile(client, base);
  expect(after.summary).toMatchObject({ matched: records.length + 3, ambiguous: 0, unmatched: 0 });
  const now = matches(after.lines);
  for (const b of done.lines) expect(now.get(b.line)).toBe(`${b.kind} ${b.id}`);
  const booksNow = await accountRecords(connection, account, FROM, TO);
  expect(byRecord(booksNow)).toStrictEqual(
    byRecord([
      ...records,
      ...done.lines.map((b) => ({ ...b, kind: b.kind as 'expense', date: '', amount: '' })),
    ]),
  );
  expect(after.summary).toMatchObject({ closing_balance: closing, difference: first.summary.difference });
  expect(sumDecimals([after.summary.books_balance, ...booksNow.map((r) => r.amount)])).toBe(closing);

  // The same statement booked again books nothing.
  const again = await ok<Booked>(client, 'book_statement_lines', { ...args, confirm: true });
  expect(again.lines.map((l) => [l.line, l.status, l.id])).toStrictEqual(
    done.lines.map((l) => [l.line, 'already_created', l.id]),
  );
  if (flow.forms !== undefined) expect(flow.forms).toHaveLength(1);

  // undo_change of one booked expense deletes it (the service deletes no incomes), and its line is
  // unmatched again.
  const taken = done.lines.find((l) => l.kind === 'expense');
  const undone = await ok<{ status: string }>(client, 'undo_change', {
    ...business,
    change: taken?.change,
    confirm: true,
  });
  expect(undone.status).toBe('undone');
  const last = await reconcile(client, base);
  expect(last.summary).toMatchObject({ matched: records.length + 2, unmatched: 1 });
  expect(last.lines.filter((l) => l.status === 'unmatched').map((l) => l.line)).toStrictEqual([taken?.line]);
}

/** The SDK's client over Streamable HTTP, pinned to `version`; with forms, it accepts each and keeps its message. */
async function httpClient(
  url: string,
  version: ProtocolVersion,
  forms: string[] | undefined,
): Promise<Client> {
  const client = new Client(
    { name: 'reconcile-e2e', version: '1.0.0' },
    {
      capabilities: forms ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: version === '2026-07-28' ? { pin: version } : 'legacy' },
    },
  );
  if (forms)
    client.setRequestHandler('elicitation/create', async (r) => {
      forms.push(r.params.message);
      return { action: 'accept' as const, content: { confirm: true } };
    });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(version);
  return client;
}

const closers: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('reconciliation with the sandbox statement over local Streamable HTTP', () => {
  it.each(CASES)('$version, $variant, $format', async ({ version, variant, format }) => {
    const sandbox: RunningServer = await startSandbox();
    closers.push(() => sandbox.close());
    const connection = await connectOverHttp(sandbox, variant);
    const server: RunningHttpServer = await startHttpServer({ connections: [connection], port: 0 });
    closers.push(() => server.close());
    // The form path on 2026-07-28 (an input request), confirm: true on 2025-11-25 (no form declared).
    const forms = version === '2026-07-28' ? [] : undefined;
    const client = await httpClient(server.url, version, forms);
    closers.push(() => client.close());
    const account = await bankAccountOf(connection);
    const statement = await exportStatement(sandbox, {
      business: variant,
      bankAccount: account.id as number,
      from: FROM,
      to: TO,
      format,
    });
    await reconcileBookUndo(client, {
      connection,
      business: { business: variant },
      statement,
      account,
      ...(forms && { forms }),
    });
  });
});

describe('reconciliation with the sandbox statement on the remote server (Node)', () => {
  it('2026-07-28, de, camt053: matched, booked with confirm: true, nothing booked twice, undone', async () => {
    const sandbox: RunningServer = await startSandbox();
    closers.push(() => sandbox.close());
    const remote: RunningRemoteServer = await startRemote(sandbox);
    closers.push(() => remote.close());
    const token = String(
      (await exchange(remote, await authorizeWithoutBrowser(remote, sandbox))).body.access_token,
    );
    const client = await remoteClient(remote, token, { version: '2026-07-28' });
    closers.push(() => client.close());
    // The books are read beside the server through a connection of the same business.
    const connection = await connectOverHttp(sandbox, 'de');
    const account = await bankAccountOf(connection);
    const statement = await exportStatement(sandbox, {
      business: 'de',
      bankAccount: account.id as number,
      from: FROM,
      to: TO,
      format: 'camt053',
    });
    await reconcileBookUndo(client, { connection, business: {}, statement, account });
  });
});
