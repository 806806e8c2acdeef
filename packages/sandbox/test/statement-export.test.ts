// GET /_sandbox/statements: the bank's export of a bank account of a demo business, read back with
// @acctkit/reconcile and checked against the books as the data API gives them.
import {
  type BankStatement,
  type Books,
  parseStatement,
  reconcileStatement,
  type StatementLine,
  summarizeStatement,
} from '@acctkit/reconcile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIban } from '../src/iban.js';
import { ADMIN, BASE, type Credentials, callJson, type Json, mintToken, testSandbox } from './helpers.js';
import { SpecValidator } from './spec-validator.js';

const sb = testSandbox();
afterAll(() => sb.close());
const admin = new SpecValidator('admin');

const FORMATS = ['camt053', 'mt940', 'csv'] as const;
type Format = (typeof FORMATS)[number];
const MEDIA: Record<Format, [type: string, extension: string]> = {
  camt053: ['application/xml; charset=utf-8', 'xml'],
  mt940: ['text/plain; charset=utf-8', 'sta'],
  csv: ['text/csv; charset=utf-8', 'csv'],
};

/** The texts that open each bank-only line, per variant. */
const BANK_ONLY = {
  de: { advance: 'Anzahlung Auftrag', card: 'Kartenzahlung girocard', fee: 'Entgelt Kontoführung' },
  pt: {
    advance: 'Adiantamento encomenda',
    card: 'Compra com cartão',
    fee: 'Comissão de manutenção de conta',
  },
} as const;

const exportUrl = (query: Record<string, string | number>): string =>
  `${BASE}/_sandbox/statements?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

const fetchExport = (query: Record<string, string | number>, token: string | null = ADMIN) =>
  sb.fetch(new Request(exportUrl(query), { headers: token ? { Authorization: `Bearer ${token}` } : {} }));

/** Every record of a list path, through the API's paging (200 a page). */
async function everyRecord(
  creds: Credentials,
  path: string,
  query: Record<string, string> = {},
): Promise<Json[]> {
  const out: Json[] = [];
  for (let start = 0; ; start += 200) {
    const q = new URLSearchParams({ ...query, $startIndex: String(start), $itemsPerPage: '200' });
    const { status, body } = await callJson(sb, creds, 'GET', `${path}?${q}`);
    expect(status, JSON.stringify(body)).toBe(200);
    out.push(...body.$resources);
    if (body.$resources.length < 200) return out;
  }
}

const shift = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const iso = (dmyDate: string): string =>
  `${dmyDate.slice(6, 10)}-${dmyDate.slice(3, 5)}-${dmyDate.slice(0, 2)}`;

interface Variant {
  readonly business: 'de' | 'pt';
  creds: Credentials;
  /** The business's first bank account at a bank, as the API gives it. */
  account: Json;
  /** The books as the API gives them, read for a period: bank accounts, contacts, expenses, incomes. */
  books(from: string, to: string): Promise<Books>;
}

const variants: Record<'de' | 'pt', Variant> = {} as Record<'de' | 'pt', Variant>;

beforeAll(async () => {
  for (const business of ['de', 'pt'] as const) {
    const creds = await mintToken(sb, business);
    const accounts = await everyRecord(creds, '/accounts/v2/bank_accounts');
    // `de` accounts show their IBAN; `pt` ones only the number, which a cash box has not.
    const account = accounts.find((a) => (business === 'de' ? a.iban : a.account_number) !== '');
    variants[business] = {
      business,
      creds,
      account,
      books: async (from, to) => {
        const [bankAccounts, contacts, expenses, incomes] = await Promise.all([
          everyRecord(creds, '/accounts/v2/bank_accounts'),
          everyRecord(creds, '/accounts/v2/contacts'),
          everyRecord(creds, '/accounts/v2/expenses', { from_date: from, to_date: to }),
          everyRecord(creds, '/accounts/v2/incomes', { from_date: dmy(from), to_date: dmy(to) }),
        ]);
        return { bankAccounts, contacts, expenses, incomes } as unknown as Books;
      },
    };
  }
});

/** The booked records of the account from `from` to `to` with the signed amount a bank line shows. */
async function bookedRecords(v: Variant, from: string, to: string) {
  const books = await v.books(from, to);
  const ledger = v.account.ledger_account?.id;
  const expenses = (books.expenses as Json[])
    .filter((e) => e.bank_account?.id === v.account.id)
    .map((e) => ({
      kind: 'expense' as const,
      id: e.id as number,
      date: e.date as string,
      amount: `-${v.business === 'de' ? e.gross_total : e.total}`,
      reference: (e.reference ?? '') as string,
    }));
  const incomes = (books.incomes as Json[])
    .filter((i) => !i.voided && i.destination?.id === ledger)
    .map((i) => ({
      kind: 'income' as const,
      id: i.id as number,
      date: iso(i.date),
      amount: i.gross_amount as string,
      reference: i.reference as string,
    }));
  return [...expenses, ...incomes];
}

async function exported(v: Variant, from: string, to: string, format: Format): Promise<BankStatement> {
  const res = await fetchExport({ business: v.business, bank_account: v.account.id, from, to, format });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const statements = parseStatement(new Uint8Array(await new Blob([text]).arrayBuffer()));
  expect(statements).toHaveLength(1);
  return statements[0] as BankStatement;
}

const key = (date: string, amount: string) => `${date} ${amount}`;

const PERIODS = [
  ['2025-03-01', '2025-03-31'],
  ['2025-06-10', '2025-08-20'],
] as const;

describe('GET /_sandbox/statements', () => {
  for (const business of ['de', 'pt'] as const)
    for (const format of FORMATS)
      for (const [from, to] of PERIODS)
        it(`${business} ${format} ${from}..${to}: one line per booked record at its gross amount, plus a card purchase, a customer payment and a fee`, async () => {
          const v = variants[business];
          const res = await fetchExport({ business, bank_account: v.account.id, from, to, format });
          expect(res.headers.get('content-type')).toBe(MEDIA[format][0]);
          const statement = await exported(v, from, to, format);
          expect(summarizeStatement(statement).balanced).toBe(true);
          if (business === 'de') {
            expect(statement.account.iban).toBe(v.account.iban);
            expect(res.headers.get('content-disposition')).toBe(
              `attachment; filename="statement-${v.account.iban}-${from}-${to}.${MEDIA[format][1]}"`,
            );
          } else expect(statement.account.iban?.slice(4)).toContain(v.account.account_number);
          for (const l of statement.lines) {
            expect(l.bookingDate >= from && l.bookingDate <= to, l.bookingDate).toBe(true);
            if (l.counterpartyIban !== undefined) expect(isValidIban(l.counterpartyIban)).toBe(true);
          }

          const records = await bookedRecords(v, from, to);
          expect(records.length).toBeGreaterThan(3);
          const left = new Map<string, StatementLine[]>();
          for (const l of statement.lines)
            left.set(key(l.bookingDate, l.amount), [...(left.get(key(l.bookingDate, l.amount)) ?? []), l]);
          for (const r of records) {
            const same = left.get(key(r.date, r.amount)) ?? [];
            expect(same.length, `${r.kind} ${r.id} ${r.date} ${r.amount}`).toBeGreaterThan(0);
            const at = Math.max(
              0,
              same.findIndex((l) => l.endToEndId === r.reference),
            );
            const [line] = same.splice(at, 1);
            // Each record's reference is the end-to-end id of its line (`pt` expenses show none in the API).
            if (r.reference !== '') expect(line?.endToEndId).toBe(r.reference);
          }
          const extra = [...left.values()].flat();
          const texts = BANK_ONLY[business];
          expect(
            extra.map((l) => [Math.sign(Number(l.amount)), l.remittance?.split(/ \d/)[0]]).sort(),
          ).toStrictEqual(
            [
              [-1, texts.card],
              [-1, texts.fee],
              [1, texts.advance],
            ].sort(),
          );
          const advance = extra.find((l) => !l.amount.startsWith('-'));
          const contacts = await everyRecord(v.creds, '/accounts/v2/contacts');
          expect(contacts.map((c) => c.company ?? c.name)).toContain(advance?.counterpartyName);
          expect(statement.lines).toHaveLength(records.length + 3);
        });

  it('gives the same bytes for the same request, in another sandbox and after the clock moved', async () => {
    const other = testSandbox();
    const otherFetch = (url: string, init: RequestInit = {}) =>
      other.fetch(new Request(url, { ...init, headers: { Authorization: `Bearer ${ADMIN}` } }));
    try {
      for (const business of ['de', 'pt'] as const)
        for (const format of FORMATS) {
          const query = {
            business,
            bank_account: variants[business].account.id,
            from: '2025-03-01',
            to: '2025-03-31',
            format,
          };
          const first = await (await fetchExport(query)).text();
          expect(await (await fetchExport(query)).text()).toBe(first);
          expect(await (await otherFetch(exportUrl(query))).text()).toBe(first);
        }
      const query = {
        business: 'pt',
        bank_account: variants.pt.account.id,
        from: '2025-03-01',
        to: '2025-03-31',
      };
      const before = await (await otherFetch(exportUrl(query))).text();
      const moved = await otherFetch(`${BASE}/_sandbox/clock`, {
        method: 'POST',
        body: JSON.stringify({ advance_seconds: 86_400 * 400 }),
      });
      expect(moved.status).toBe(200);
      expect(await (await otherFetch(exportUrl(query))).text()).toBe(before);
      expect(before.startsWith('<?xml')).toBe(true);
    } finally {
      other.close();
    }
  });

  it('a period that continues another opens with the balance the other closed with (no bank-only lines between)', async () => {
    const v = variants.de;
    const march = await exported(v, '2025-03-01', '2025-03-31', 'camt053');
    const april = await exported(v, '2025-04-01', '2025-04-30', 'camt053');
    const cents = (amount: string | undefined): bigint => BigInt((amount ?? 'NaN').replace('.', ''));
    const bankOnly = march.lines.filter((l) => l.endToEndId === undefined || l.endToEndId.startsWith('ADV-'));
    expect(bankOnly).toHaveLength(3);
    // The opening balance moves with booked records only: March's closing less its bank-only lines.
    const booked = bankOnly.reduce((sum, l) => sum - cents(l.amount), cents(march.closing?.amount));
    expect(cents(april.opening?.amount)).toBe(booked);
    expect(april.opening?.date).toBe('2025-03-31');
  });

  const BAD: readonly [string, Record<string, string | number>, string][] = [
    ['business missing', { bank_account: 1, from: '2025-03-01', to: '2025-03-31' }, 'business'],
    [
      'unknown business',
      { business: 'fr', bank_account: 1, from: '2025-03-01', to: '2025-03-31' },
      'business',
    ],
    ['bank_account missing', { business: 'de', from: '2025-03-01', to: '2025-03-31' }, 'bank_account'],
    [
      'bank_account not a number',
      { business: 'de', bank_account: 'x', from: '2025-03-01', to: '2025-03-31' },
      'bank_account',
    ],
    [
      'bank_account of the other business',
      { business: 'pt', bank_account: 1, from: '2025-03-01', to: '2025-03-31' },
      'bank_account',
    ],
    ['from missing', { business: 'de', bank_account: 1, to: '2025-03-31' }, 'from'],
    ['from not a day', { business: 'de', bank_account: 1, from: '2025-02-30', to: '2025-03-31' }, 'from'],
    ['from as dd/mm/yyyy', { business: 'de', bank_account: 1, from: '01/03/2025', to: '2025-03-31' }, 'from'],
    ['to missing', { business: 'de', bank_account: 1, from: '2025-03-01' }, 'to'],
    ['to before from', { business: 'de', bank_account: 1, from: '2025-03-31', to: '2025-03-01' }, 'to'],
    ['more than 366 days', { business: 'de', bank_account: 1, from: '2025-01-01', to: '2026-01-02' }, 'to'],
    [
      'unknown format',
      { business: 'de', bank_account: 1, from: '2025-03-01', to: '2025-03-31', format: 'pdf' },
      'format',
    ],
    [
      'unknown parameter',
      { business: 'de', bank_account: 1, from: '2025-03-01', to: '2025-03-31', iban: 'x' },
      'iban',
    ],
  ];

  for (const [what, query, parameter] of BAD)
    it(`400 naming ${parameter}: ${what}`, async () => {
      const res = await fetchExport(query);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/json');
      const body = await res.json();
      expect(admin.check('exportStatement', 400, body)).toBeNull();
      expect(body).toMatchObject({ error: 'invalid_request', code: 'ADMIN_BAD_REQUEST', parameter });
      expect(body.error_description).toContain(parameter);
    });

  it('400 for a cash account, which no bank exports, and for a parameter sent twice', async () => {
    const v = variants.de;
    const accounts = await everyRecord(v.creds, '/accounts/v2/bank_accounts');
    const cash = accounts.find((a) => a.iban === '');
    const res = await fetchExport({
      business: 'de',
      bank_account: cash.id,
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      parameter: 'bank_account',
      error_description: expect.stringContaining('no IBAN'),
    });
    const twice = await sb.fetch(
      new Request(
        `${exportUrl({ business: 'de', bank_account: v.account.id, from: '2025-03-01', to: '2025-03-31' })}&from=2025-03-02`,
        {
          headers: { Authorization: `Bearer ${ADMIN}` },
        },
      ),
    );
    expect(twice.status).toBe(400);
    expect(await twice.json()).toMatchObject({ parameter: 'from' });
  });

  it('needs the admin token', async () => {
    const res = await fetchExport(
      { business: 'de', bank_account: 1, from: '2025-03-01', to: '2025-03-31' },
      null,
    );
    expect(res.status).toBe(401);
  });
});

describe('reconcileStatement on the export against the books', () => {
  for (const business of ['de', 'pt'] as const)
    for (const format of ['camt053', 'mt940'] as const)
      it(`${business} ${format}: every booked line matches its record, the three bank-only lines are unmatched with a proposal`, async () => {
        const v = variants[business];
        const [from, to] = PERIODS[0];
        const statement = await exported(v, from, to, format);
        // Read as the MCP server does: the statement's period ± 30 days.
        const books = await v.books(shift(from, -30), shift(to, 30));
        const records = await bookedRecords(v, from, to);
        const { lines, summary } = reconcileStatement(statement, books);
        expect(summary.bankAccountId).toBe(v.account.id);
        const matched = lines.filter((l) => l.status === 'matched');
        expect(matched.map((l) => `${l.record.kind} ${l.record.id}`).sort()).toStrictEqual(
          records.map((r) => `${r.kind} ${r.id}`).sort(),
        );
        for (const m of matched) {
          const line = statement.lines.find((l) => l.line === m.line) as StatementLine;
          const record = records.find((r) => r.kind === m.record.kind && r.id === m.record.id);
          expect(line.amount).toBe(record?.amount);
          // A reference on both sides is the strongest evidence; a `pt` expense has none in the API.
          if (record?.reference !== '' && (business === 'de' || record?.kind === 'income'))
            expect(m.method).toBe('reference');
        }
        const unmatched = lines.filter((l) => l.status === 'unmatched');
        expect(unmatched.map((l) => l.proposal.kind).sort()).toStrictEqual(['expense', 'expense', 'income']);
        expect(summary).toMatchObject({
          lines: records.length + 3,
          matched: records.length,
          ambiguous: 0,
          unmatched: 3,
        });
      });
});

describe('the export in the docs', () => {
  const get = (path: string) => sb.fetch(new Request(`${BASE}${path}`));

  it('/docs/admin.json documents exportStatement with its parameters, and /docs links the guide section', async () => {
    const doc = await (await get('/docs/admin.json')).json();
    const op = doc.paths['/_sandbox/statements'].get;
    expect(op.operationId).toBe('exportStatement');
    expect(op.parameters.map((p: Json) => p.name)).toStrictEqual([
      'business',
      'bank_account',
      'from',
      'to',
      'format',
    ]);
    expect(Object.keys(op.responses['200'].content).sort()).toStrictEqual([
      'application/xml',
      'text/csv',
      'text/plain',
    ]);
    expect(await (await get('/docs')).text()).toContain('<a href="/docs/guide#statements">');
  });

  it('/docs/guide explains the export with a request that works', async () => {
    const html = await (await get('/docs/guide')).text();
    expect(html).toContain('<h2 id="statements">');
    const url = /curl -OJ[^']*'[^']*' \\\n\s+'([^']+)'/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(url).toMatch(/^http:\/\/sandbox\.test\/_sandbox\/statements\?/);
    const res = await sb.fetch(new Request(url as string, { headers: { Authorization: `Bearer ${ADMIN}` } }));
    expect(res.status).toBe(200);
    expect(admin.check('exportStatement', 200, await res.text())).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });
});
