/**
 * `acctkit reconcile`, run as the built bin against a sandbox on a real port: a statement built from
 * the sandbox's own books (CAMT.053 and CSV, both variants) plus lines the books lack is matched line
 * by line, `--json` gives the documented shape, `--book --yes` books the lines that have a proposal
 * once (journaled with their booking keys) and a second run books nothing; bad files and unknown bank
 * accounts fail with a message that names the line or the account.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { changeJournalFile, openFileChangeJournal } from '@acctkit/change-journal/node';
import type { StoredConnection } from '@acctkit/client/node';
import { bookingKey, parseStatement, serializeStatement } from '@acctkit/reconcile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/index.js';
import { acctkit, startWorld, storeConnection, type World } from './helpers.js';
import {
  type BuiltStatement,
  HOSTILE_NAME_SHOWN,
  mt940Of,
  statementFromBooks,
} from './statement-from-books.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for exactly these characters.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const MONTH = { from: '2026-09-01', to: '2026-09-30' };

let world: World;
beforeAll(async () => {
  world = await startWorld();
  await mkdir(join(world.home, 'statements'), { recursive: true });
}, 60_000);
afterAll(() => world?.close());

type JsonLine = {
  line: string;
  status: string;
  record?: { kind: string; id: number };
  method?: string;
  confidence?: string;
  proposal?: { kind: string; contact: { id: number } | null };
  statementLine: { amount: string; counterpartyName?: string; bookingDate: string };
  bookingKey: string;
};
type JsonResult = {
  statement: { id: string; currency: string; balanced: boolean | null };
  bankAccount: { id: number; name: string };
  lines: JsonLine[];
  summary: Record<string, unknown>;
  booked?: { line: string; status: string; kind: string; id?: number; change?: string; problem?: string }[];
};

async function writeStatement(name: string, text: string | Uint8Array): Promise<string> {
  const path = join(world.home, 'statements', name);
  await writeFile(path, text);
  return path;
}

describe.each(['de', 'pt'] as const)('acctkit reconcile (%s)', (variant) => {
  let connection: StoredConnection;
  let built: BuiltStatement;
  let camt: string;
  let csv: string;
  const reconcile = (...args: string[]) =>
    acctkit(['reconcile', ...args, '--connection', variant], world.env());
  /** `--account` where the statement's account cannot name the bank account (a CSV without IBAN). */
  let csvAccount: string[];

  beforeAll(async () => {
    connection = await storeConnection(world, variant, variant);
    built = await statementFromBooks(connection, MONTH);
    camt = await writeStatement(`${variant}.xml`, serializeStatement(built.statement));
    csv = await writeStatement(`${variant}.csv`, serializeStatement(built.statement, { format: 'csv' }));
    csvAccount = built.statement.account.iban ? [] : ['--account', String(built.bankAccountId)];
  }, 60_000);

  it('shows every booked record matched, the extra lines unmatched with a proposal or none, and the balance', async () => {
    expect(built.booked.length).toBeGreaterThan(3);
    expect(built.extra.filter((x) => x.proposes).length).toBeGreaterThan(0);
    const r = await reconcile(camt);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n');
    expect(rows[0]).toMatch(/^STATUS\s+DATE\s+AMOUNT\s+COUNTERPARTY\s+MATCH OR PROPOSAL$/);
    built.booked.forEach((record, i) => {
      const row = rows[i + 1] ?? '';
      expect(row, `${record.kind} ${record.id}`).toMatch(/^matched\s/);
      expect(row).toContain(`${record.amount} EUR`);
      expect(row).toMatch(
        new RegExp(`${record.kind} ${record.id} by [a-z ]+, (high|medium|low) confidence$`),
      );
    });
    built.extra.forEach((x, i) => {
      const row = rows[built.booked.length + 1 + i] ?? '';
      expect(row).toMatch(/^unmatched\s/);
      expect(row).toContain(`${x.amount} EUR`);
      if (x.proposes === 'expense')
        expect(row).toMatch(/new expense: contact \d+ \(by name\), ledger account \d+/);
      else if (x.proposes === 'income')
        expect(row).toMatch(/new income: contact \d+ \(by name\), income type \d+/);
      else
        expect(row).toMatch(
          /no proposal: no expense type to propose \(no contact has the counterparty’s name\)/,
        );
    });
    // The payer's name reaches the terminal without its escape sequences and bidi override.
    expect(r.stdout).not.toMatch(CONTROL);
    expect(r.stdout).toContain(HOSTILE_NAME_SHOWN);
    expect(r.stdout).toMatch(
      new RegExp(
        `Balance: the statement closes at ${built.statement.closing?.amount} EUR, as bank account ${built.bankAccountId}`,
      ),
    );
    const n = built.booked.length + built.extra.length;
    const proposals = built.extra.filter((x) => x.proposes).length;
    expect(r.stdout).toContain(
      `${n} lines: ${built.booked.length} matched, 0 ambiguous, ${built.extra.length} unmatched (${proposals} with a proposal, which --book books).`,
    );
  });

  it('reads the CSV export of the same statement to the same result', async () => {
    const fromCamt = JSON.parse((await reconcile(camt, '--json')).stdout) as JsonResult;
    const r = await reconcile(csv, '--json', ...csvAccount);
    expect(r.stderr).toBe('');
    const fromCsv = JSON.parse(r.stdout) as JsonResult;
    expect(fromCsv.summary).toEqual({ ...fromCamt.summary });
    expect(fromCsv.lines.map((l) => [l.status, l.record?.id, l.proposal?.kind])).toEqual(
      fromCamt.lines.map((l) => [l.status, l.record?.id, l.proposal?.kind]),
    );
  });

  it('--json gives the StatementReconciliation with each statement line and its booking key', async () => {
    const r = await reconcile(camt, '--json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as JsonResult;
    expect(Object.keys(result)).toEqual(['statement', 'bankAccount', 'lines', 'summary']);
    expect(result.statement).toMatchObject({ id: 'STMT-CLI-1', currency: 'EUR', balanced: true });
    expect(result.bankAccount.id).toBe(built.bankAccountId);
    expect(result.summary).toEqual({
      lines: built.booked.length + built.extra.length,
      matched: built.booked.length,
      ambiguous: 0,
      unmatched: built.extra.length,
      bankAccountId: built.bankAccountId,
      closingBalance: built.statement.closing?.amount,
      booksBalance: built.statement.closing?.amount,
      difference: '0.00',
    });
    const [parsed] = parseStatement(serializeStatement(built.statement));
    result.lines.forEach((l, i) => {
      const line = parsed?.lines[i];
      expect(l.line).toBe(line?.line);
      expect(l.statementLine.amount).toBe(line?.amount);
      expect(l.bookingKey).toBe(parsed && line ? bookingKey(parsed, line) : undefined);
      if (i < built.booked.length) {
        expect(l.status).toBe('matched');
        expect(l.record).toMatchObject({ kind: built.booked[i]?.kind, id: built.booked[i]?.id });
        expect(['reference', 'counterparty', 'history', 'amount_date']).toContain(l.method);
      } else expect(l.status).toBe('unmatched');
    });
    // The payer's name is data, as the parser cleaned it.
    expect(result.lines.at(-1)?.statementLine.counterpartyName).toBe(HOSTILE_NAME_SHOWN);
  });

  it('--book --yes books the lines with a proposal once, journaled; a second --book books nothing and says already booked', async () => {
    const file = await writeStatement(`${variant}-book.xml`, serializeStatement(built.statement));
    const bookable = built.extra.filter((x) => x.proposes);
    const first = await reconcile(file, '--book', '--yes');
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Booked ${bookable.length} of ${bookable.length}:`);
    for (const x of bookable)
      expect(first.stdout).toMatch(
        new RegExp(`${x.amount.replace('.', '\\.')} EUR .* booked as ${x.proposes} \\d+ \\(change \\d{13}-`),
      );
    expect(first.stdout).toMatch(/not booked: no expense type to propose/);

    // Journaled as the MCP server's book_statement_lines journals, with each line's booking key.
    const journal = openFileChangeJournal(changeJournalFile(world.connectionsFile, variant));
    const { entries } = await journal.list({ tool: 'book_statement_lines' });
    expect(entries).toHaveLength(bookable.length);
    const [parsed] = parseStatement(await import('node:fs/promises').then((fs) => fs.readFile(file)));
    const keys = parsed?.lines.slice(built.booked.length).map((l) => bookingKey(parsed, l)) ?? [];
    for (const e of entries) {
      expect(keys).toContain(e.idempotencyKey);
      expect(e).toMatchObject({ operation: 'create', status: 201, client: { name: 'acctkit' } });
      expect(e.after?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }

    // The books hold them now: every line but the fee matches, and nothing is booked twice.
    const again = await reconcile(file, '--json');
    const result = JSON.parse(again.stdout) as JsonResult;
    expect(result.summary).toMatchObject({
      matched: built.booked.length + bookable.length,
      unmatched: built.extra.length - bookable.length,
    });
    const second = await reconcile(file, '--book', '--yes', '--json');
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('Nothing to book.');
    const booked = (JSON.parse(second.stdout) as JsonResult).booked ?? [];
    expect(
      booked
        .filter((b) => b.status === 'already_booked')
        .map((b) => b.id)
        .sort(),
    ).toEqual(entries.map((e) => e.recordId).sort());
    expect(booked.filter((b) => b.status === 'created')).toEqual([]);
    const text = await reconcile(file, '--book');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/Nothing to book\./);
    expect(text.stdout).toMatch(/already booked as (expense|income) \d+/);
    expect((await journal.list({ tool: 'book_statement_lines' })).entries).toHaveLength(bookable.length);

    // The bank's MT940 export of the same days (Windows-1252, a statement a day) books nothing either:
    // its lines have the booking keys of their CAMT.053 twins.
    const mt940 = await writeStatement(`${variant}.sta`, mt940Of(built.statement));
    const fromMt940 = await reconcile(mt940, '--book', '--yes', '--json');
    expect(fromMt940.stderr).toContain('Nothing to book.');
    const twice = JSON.parse(fromMt940.stdout) as JsonResult;
    expect(
      twice.booked
        ?.filter((b) => b.status === 'already_booked')
        .map((b) => b.id)
        .sort(),
    ).toEqual(entries.map((e) => e.recordId).sort());
    expect(twice.lines.at(-1)?.statementLine.counterpartyName).toBe('Gebühr Müller');
    expect((await reconcile(mt940)).stdout).toMatch(/unmatched .* -4\.90 EUR {2}Gebühr Müller +no proposal/);
    expect((await journal.list({ tool: 'book_statement_lines' })).entries).toHaveLength(bookable.length);
  });

  it('a bad file fails naming its line or element; an unknown bank account names the account', async () => {
    const cut = await writeStatement(
      `${variant}-bad.xml`,
      serializeStatement(built.statement).replace('<CdtDbtInd>', '<CdtDbtInd>X'),
    );
    const bad = await reconcile(cut);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(
      new RegExp(
        `^acctkit: .*${variant}-bad\\.xml, at Document/BkToCstmrStmt/Stmt\\[1\\]/Bal\\[1\\]/CdtDbtInd: is "XCRDT"; it must be CRDT or DBIT\\. \\(MALFORMED_CAMT\\)\\n$`,
      ),
    );
    const csvText = serializeStatement(built.statement, { format: 'csv' }).split('\r\n');
    const at = csvText.findIndex((l) => l.startsWith('Booking date')) + 2;
    csvText[at - 1] = (csvText[at - 1] ?? '').replace(/^\d{4}-\d{2}-\d{2}/, 'someday');
    const badCsv = await reconcile(await writeStatement(`${variant}-bad.csv`, csvText.join('\r\n')));
    expect(badCsv.code).toBe(2);
    expect(badCsv.stderr).toMatch(new RegExp(`${variant}-bad\\.csv, line ${at}: .*\\(MALFORMED_CSV\\)`));
    const missing = await reconcile(join(world.home, 'statements', 'none.xml'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read the statement file .*none\.xml: there is no such file\./);

    const unknown = await reconcile(camt, '--account', '99999');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      new RegExp(`Connection '${variant}' has no bank account 99999: .*bank_accounts`),
    );
    const elsewhere = await writeStatement(
      `${variant}-other.xml`,
      serializeStatement({ ...built.statement, account: { iban: 'DE02120300000000202051' } }),
    );
    const other = await reconcile(elsewhere);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /No bank account of the books has the statement's account \(DE02120300000000202051\) in connection '.*'\. Give the bank account with --account ID/,
    );
  });
});

describe('acctkit reconcile --book asks first', () => {
  let file: string;
  beforeAll(async () => {
    const connection = await storeConnection(world, 'ask', 'de');
    // Lines the books lack get amounts no record has, so they are new even after the suites above booked theirs.
    const built = await statementFromBooks(connection, MONTH);
    file = await writeStatement('ask.xml', serializeStatement(built.statement));
  }, 60_000);

  it('refuses without --yes when stdin is not a terminal, and books nothing', async () => {
    const r = await acctkit(['reconcile', file, '--book', '--connection', 'ask'], world.env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/stdin is not a terminal to answer on: add --yes/);
    const journal = openFileChangeJournal(changeJournalFile(world.connectionsFile, 'ask'));
    expect((await journal.list()).entries).toEqual([]);
  });

  it('on a terminal, books only after y', async () => {
    const ask = async (answer: string) => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      let stdout = '';
      let stderr = '';
      const io = {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: {
          write: (t: string) => {
            stderr += t;
            if (t.endsWith('[y/N] ')) stdin.write(answer);
          },
        },
        stdin,
        env: world.env(),
      };
      const code = await run(['reconcile', file, '--book', '--connection', 'ask'], io);
      return { code, stdout, stderr };
    };
    const no = await ask('n\n');
    expect(no.code).toBe(0);
    expect(no.stdout).toMatch(/To book as new records:\n {2}\d{4}-\d{2}-\d{2} /);
    expect(no.stderr).toMatch(/Book these \d+ line\(s\)\? \[y\/N\] Nothing was booked\.\n$/);
    const journal = openFileChangeJournal(changeJournalFile(world.connectionsFile, 'ask'));
    expect((await journal.list()).entries).toEqual([]);
    const yes = await ask('y\n');
    expect(yes.code).toBe(0);
    expect(yes.stdout).toMatch(/Booked \d+ of \d+:/);
    expect((await journal.list()).entries.length).toBeGreaterThan(0);
  });
});
