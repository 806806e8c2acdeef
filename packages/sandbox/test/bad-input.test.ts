import { sign } from '@acctkit/signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, type Credentials, call, callJson, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
let de: Credentials;
let pt: Credentials;
beforeAll(async () => {
  de = await mintToken(sb, 'de');
  pt = await mintToken(sb, 'pt');
});
afterAll(() => sb.close());

/** Sent with a signature that cannot match: the signer refuses a broken encoding, and the server must refuse it first. */
const UNSIGNABLE = true;

/**
 * One bad request and exactly how it is refused: the status; the `error` (400) or `$dataCode` (404, 422);
 * and the field: the `$source` of the one diagnosis (422), or what the message must name (400, 404).
 */
type Row = [
  name: string,
  variant: 'de' | 'pt',
  method: string,
  path: string,
  body: string | undefined,
  status: 400 | 404 | 422,
  code: 'invalid_request' | 'invalid_nonce' | 'RecordNotFound' | 'ValidationError',
  field: string,
  unsignable?: typeof UNSIGNABLE,
];
const long = (n: number) => 'x'.repeat(n);
const enc = (o: Record<string, string>) => new URLSearchParams(o).toString();

const TABLE: Row[] = [
  [
    'createContact: wrong type for contact_type_id',
    'de',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': 'abc' }),
    422,
    'ValidationError',
    'contact_type_id',
  ],
  [
    'createContact: name over 50 characters',
    'de',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': long(51), 'contact[contact_type_id]': '1' }),
    422,
    'ValidationError',
    'name',
  ],
  [
    'createContact: neither name nor company (de)',
    'de',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[contact_type_id]': '1' }),
    422,
    'ValidationError',
    'company',
  ],
  [
    'createContact: tax_number over 14 (de)',
    'de',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', 'contact[tax_number]': long(15) }),
    422,
    'ValidationError',
    'tax_number',
  ],
  [
    'createContact: notes over 500',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', 'contact[notes]': long(501) }),
    422,
    'ValidationError',
    'notes',
  ],
  [
    'createContact: invalid e-mail',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', 'contact[email]': 'a@b' }),
    422,
    'ValidationError',
    'email',
  ],
  [
    'createContact: e-mail over 100',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({
      'contact[name]': 'A',
      'contact[contact_type_id]': '1',
      'contact[email]': `${long(95)}@example.test`,
    }),
    422,
    'ValidationError',
    'email',
  ],
  [
    'createContact: Portuguese postcode not 0000-000',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', 'contact[main_address][postcode]': '1000' }),
    422,
    'ValidationError',
    'main_address',
  ],
  [
    'createContact: de postcode over 10',
    'de',
    'POST',
    '/accounts/v2/contacts',
    enc({
      'contact[name]': 'A',
      'contact[contact_type_id]': '1',
      'contact[main_address][postcode]': long(11),
    }),
    422,
    'ValidationError',
    'main_address',
  ],
  [
    'createContact: unknown field',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', 'contact[favourite_colour]': 'red' }),
    422,
    'ValidationError',
    'favourite_colour',
  ],
  [
    'createContact: unknown top-level parameter',
    'pt',
    'POST',
    '/accounts/v2/contacts',
    enc({ 'contact[name]': 'A', 'contact[contact_type_id]': '1', extra: '1' }),
    422,
    'ValidationError',
    'extra',
  ],
  [
    'createContact: create-only field on update (de)',
    'de',
    'PUT',
    '/accounts/v2/contacts/1',
    enc({ 'contact[account_number]': '5' }),
    422,
    'ValidationError',
    'account_number',
  ],
  [
    'createContact: no body',
    'de',
    'POST',
    '/accounts/v2/contacts',
    undefined,
    400,
    'invalid_request',
    'contact[...]',
  ],
  [
    'createContact: broken percent encoding',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact%5Bname%5D=%E0%A4%A',
    400,
    'invalid_request',
    'broken % escape',
    UNSIGNABLE,
  ],
  [
    'createContact: invalid UTF-8 bytes',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact%5Bname%5D=%FF%FE',
    400,
    'invalid_request',
    'broken % escape',
    UNSIGNABLE,
  ],
  [
    'createContact: key nested too deep',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact[a][b][c][d]=1',
    400,
    'invalid_request',
    'contact[a][b][c][d]',
  ],
  [
    'createContact: repeated key',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact[name]=a&contact[name]=b',
    400,
    'invalid_request',
    "'contact[name]' is repeated",
  ],
  [
    'createContact: malformed bracket key',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact[name=a',
    400,
    'invalid_request',
    "'contact[name'",
  ],
  [
    'createContact: __proto__ key',
    'de',
    'POST',
    '/accounts/v2/contacts',
    'contact[__proto__][x]=1',
    400,
    'invalid_request',
    'contact[__proto__][x]',
  ],
  [
    'createContact: too many parameters',
    'de',
    'POST',
    '/accounts/v2/contacts',
    Array.from({ length: 250 }, (_, i) => `p${i}=1`).join('&'),
    400,
    'invalid_request',
    'at most 200',
  ],
  [
    'createContact: huge body',
    'de',
    'POST',
    '/accounts/v2/contacts',
    `contact[notes]=${long(70_000)}`,
    400,
    'invalid_request',
    '65536 bytes',
  ],
  [
    'updateContact: not editable (de)',
    'de',
    'PUT',
    '/accounts/v2/contacts/8',
    enc({ 'contact[notes]': 'x' }),
    422,
    'ValidationError',
    'base',
  ],
  [
    'updateContact: empty update',
    'pt',
    'PUT',
    '/accounts/v2/contacts/302',
    'contact[name]=',
    422,
    'ValidationError',
    'name',
  ],
  [
    'createBankAccount: bad IBAN check digits',
    'de',
    'POST',
    '/accounts/v2/bank_accounts',
    enc({
      'bank_account[account_name]': 'A',
      'bank_account[account_type_id]': '1',
      'bank_account[iban]': 'DE00370400440532013000',
    }),
    422,
    'ValidationError',
    'iban',
  ],
  [
    'createBankAccount: IBAN with spaces',
    'de',
    'POST',
    '/accounts/v2/bank_accounts',
    enc({
      'bank_account[account_name]': 'A',
      'bank_account[account_type_id]': '1',
      'bank_account[iban]': 'DE89 3704 0044 0532 0130 00',
    }),
    422,
    'ValidationError',
    'iban',
  ],
  [
    'createBankAccount: account_name over 255',
    'de',
    'POST',
    '/accounts/v2/bank_accounts',
    enc({ 'bank_account[account_name]': long(256), 'bank_account[account_type_id]': '1' }),
    422,
    'ValidationError',
    'account_name',
  ],
  [
    'createBankAccount: bad balance_date',
    'de',
    'POST',
    '/accounts/v2/bank_accounts',
    enc({
      'bank_account[account_name]': 'A',
      'bank_account[account_type_id]': '1',
      'bank_account[balance_date]': '2026-13-01',
    }),
    422,
    'ValidationError',
    'balance_date',
  ],
  [
    'updateBankAccount: account_type_id 3 on update (de)',
    'de',
    'PUT',
    '/accounts/v2/bank_accounts/1',
    enc({ 'bank_account[account_type_id]': '3' }),
    422,
    'ValidationError',
    'account_type_id',
  ],
  [
    'createBankAccount: account type 6 in pt',
    'pt',
    'POST',
    '/accounts/v2/bank_accounts',
    enc({ 'bank_account[account_name]': 'A', 'bank_account[account_type_id]': '6' }),
    422,
    'ValidationError',
    'account_type_id',
  ],
  [
    'createExpense: date as dd/mm/yyyy',
    'de',
    'POST',
    '/accounts/v2/expenses',
    enc({
      'expense[date]': '01/02/2026',
      'expense[total]': '1',
      'expense[bank_account_id]': '1',
      'expense[ledger_account_id]': '101',
    }),
    422,
    'ValidationError',
    'date',
  ],
  [
    'createExpense: total with three decimals',
    'pt',
    'POST',
    '/accounts/v2/expenses',
    enc({ date: '2026-02-01', total: '1.005', bank_account_id: '4', ledger_account_id: '301' }),
    422,
    'ValidationError',
    'total',
  ],
  [
    'createExpense: total over 99999999.99',
    'pt',
    'POST',
    '/accounts/v2/expenses',
    enc({ date: '2026-02-01', total: '100000000', bank_account_id: '4', ledger_account_id: '301' }),
    422,
    'ValidationError',
    'total',
  ],
  [
    'createExpense: unknown bank account',
    'pt',
    'POST',
    '/accounts/v2/expenses',
    enc({ date: '2026-02-01', total: '1', bank_account_id: '1', ledger_account_id: '301' }),
    422,
    'ValidationError',
    'bank_account_id',
  ],
  [
    'createExpense: ledger account not an expense type',
    'de',
    'POST',
    '/accounts/v2/expenses',
    enc({
      'expense[date]': '2026-02-01',
      'expense[total]': '1',
      'expense[bank_account_id]': '1',
      'expense[ledger_account_id]': '201',
    }),
    422,
    'ValidationError',
    'ledger_account_id',
  ],
  [
    'createIncome: date as ISO',
    'de',
    'POST',
    '/accounts/v2/incomes',
    enc({
      'income[date]': '2026-01-01',
      'income[amount]': '1',
      'income[source_id]': '201',
      'income[destination_id]': '1100',
      'income[payment_method_id]': '1',
    }),
    422,
    'ValidationError',
    'date',
  ],
  [
    'createIncome: tax_amount inconsistent with the rate',
    'de',
    'POST',
    '/accounts/v2/incomes',
    enc({
      'income[date]': '01/01/2026',
      'income[amount]': '100.00',
      'income[tax_amount]': '5.00',
      'income[tax_percentage_rate]': '19',
      'income[source_id]': '201',
      'income[destination_id]': '1100',
      'income[payment_method_id]': '1',
    }),
    422,
    'ValidationError',
    'tax_amount',
  ],
  [
    'createIncome: gross over the maximum',
    'pt',
    'POST',
    '/accounts/v2/incomes',
    enc({
      'income[date]': '01/01/2026',
      'income[amount]': '99999999.99',
      'income[source_id]': '401',
      'income[destination_id]': '1200',
      'income[payment_method_id]': '1',
    }),
    422,
    'ValidationError',
    'amount',
  ],
  [
    'createIncome: is_tax_included not a boolean',
    'pt',
    'POST',
    '/accounts/v2/incomes',
    enc({
      'income[date]': '01/01/2026',
      'income[amount]': '1',
      'income[source_id]': '401',
      'income[destination_id]': '1200',
      'income[payment_method_id]': '1',
      'income[is_tax_included]': 'yes',
    }),
    422,
    'ValidationError',
    'is_tax_included',
  ],
  [
    'updateBusiness: resource sent as a plain value',
    'de',
    'PUT',
    '/core/v2/business',
    'business=1',
    400,
    'invalid_request',
    'business[field]=value',
  ],
  [
    'updateBusiness: Portuguese postcode',
    'pt',
    'PUT',
    '/core/v2/business',
    enc({ 'business[postcode]': '12345' }),
    422,
    'ValidationError',
    'postcode',
  ],
  [
    'getContact: id not an integer',
    'de',
    'GET',
    '/accounts/v2/contacts/abc',
    undefined,
    404,
    'RecordNotFound',
    "Contact 'abc'",
  ],
  [
    'getContact: id with a sign',
    'de',
    'GET',
    '/accounts/v2/contacts/-1',
    undefined,
    404,
    'RecordNotFound',
    "Contact '-1'",
  ],
  [
    'listContacts: $itemsPerPage 0',
    'de',
    'GET',
    '/accounts/v2/contacts?$itemsPerPage=0',
    undefined,
    400,
    'invalid_request',
    '$itemsPerPage',
  ],
  [
    'listContacts: $startIndex not a number',
    'de',
    'GET',
    '/accounts/v2/contacts?$startIndex=abc',
    undefined,
    400,
    'invalid_request',
    '$startIndex',
  ],
  [
    'listExpenses: DD/MM/YYYY without classic_dates',
    'de',
    'GET',
    '/accounts/v2/expenses?from_date=01/01/2025&to_date=31/01/2025',
    undefined,
    400,
    'invalid_request',
    'classic_dates=true',
  ],
  [
    'listExpenses: impossible date',
    'pt',
    'GET',
    '/accounts/v2/expenses?from_date=2025-02-30&to_date=2025-03-01',
    undefined,
    400,
    'invalid_request',
    'from_date',
  ],
  [
    'listExpenses: bad updated_or_created_since',
    'pt',
    'GET',
    '/accounts/v2/expenses?updated_or_created_since=yesterday',
    undefined,
    400,
    'invalid_request',
    'updated_or_created_since',
  ],
  [
    'listExpenses: classic_dates not a boolean',
    'pt',
    'GET',
    '/accounts/v2/expenses?classic_dates=yes',
    undefined,
    400,
    'invalid_request',
    'classic_dates',
  ],
  [
    'listIncomes: ISO dates',
    'pt',
    'GET',
    '/accounts/v2/incomes?from_date=2025-01-01&to_date=2025-02-01',
    undefined,
    400,
    'invalid_request',
    'from_date must be a date dd/mm/yyyy',
  ],
  [
    'listIncomes: only from_date',
    'de',
    'GET',
    '/accounts/v2/incomes?from_date=01/01/2025',
    undefined,
    400,
    'invalid_request',
    'to_date',
  ],
  [
    'listContacts: broken query encoding',
    'de',
    'GET',
    '/accounts/v2/contacts?search=%E0%A4%A',
    undefined,
    400,
    'invalid_request',
    'query string',
    UNSIGNABLE,
  ],
  [
    'getBusiness: unknown path',
    'de',
    'GET',
    '/accounts/v2/unknown',
    undefined,
    404,
    'RecordNotFound',
    'GET /accounts/v2/unknown',
  ],
];

describe('bad input gets a clear 4xx, never a 500', () => {
  it.each(TABLE)('%s', async (_name, variant, method, path, body, status, code, field, unsignable) => {
    const creds = variant === 'de' ? de : pt;
    const url = `${BASE}${path}`;
    const res = unsignable
      ? await sb.fetch(
          new Request(url, {
            method,
            headers: {
              Authorization: `Bearer ${creds.accessToken}`,
              'X-Nonce': crypto.randomUUID(),
              'X-Signature': 'not-a-signature',
              'Content-Type': 'application/x-www-form-urlencoded',
            },
            ...(body === undefined ? {} : { body }),
          }),
        )
      : await call(sb, creds, method, path, body === undefined ? {} : { body });
    const json = (await res.json()) as {
      error?: string;
      error_description?: string;
      $diagnoses?: { $source: string; $message: string; $dataCode: string }[];
    };
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(json.error).toBe(code);
      expect(json.error_description).toContain(field);
    } else {
      expect(json.$diagnoses).toHaveLength(1);
      const [d] = json.$diagnoses ?? [];
      expect(d?.$dataCode).toBe(code);
      if (status === 422) expect(d?.$source).toBe(field);
      else expect(d?.$message).toContain(field);
      expect(d?.$message.length).toBeGreaterThan(10);
    }
  });

  it('createContact: a JSON body is 400 naming the content type', async () => {
    const s = await sign({ method: 'POST', url: `${BASE}/accounts/v2/contacts` }, de);
    const res = await sb.fetch(
      new Request(`${BASE}/accounts/v2/contacts`, {
        method: 'POST',
        headers: { ...s.headers, 'Content-Type': 'application/json' },
        body: '{"contact":{"name":"A"}}',
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error_description).toContain('application/x-www-form-urlencoded');
  });

  it('createContact: every failing field gets its own diagnosis', async () => {
    const r = await callJson(sb, pt, 'POST', '/accounts/v2/contacts', {
      body: { 'contact[email]': 'bad', 'contact[notes]': long(600) },
    });
    expect(r.status).toBe(422);
    expect(r.body.$diagnoses.map((d: { $source: string }) => d.$source).sort()).toEqual([
      'contact_type_id',
      'email',
      'name',
      'notes',
    ]);
  });
});
