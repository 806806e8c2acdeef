import { sign } from '@acctkit/signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BASE, type Credentials, call, type Json, mintToken, testSandbox } from './helpers.js';
import { operationIds, SpecValidator } from './spec-validator.js';

type Case = {
  op: string;
  method: string;
  path: string;
  body?: Record<string, string>;
  status: number;
  creds?: 'readonly' | 'bad' | 'none';
};

function cases(
  v: 'de' | 'pt',
  ids: { contact: number; bank: number; expense: number; income: number; destination: number },
): Case[] {
  const de = v === 'de';
  const contactBody = de
    ? {
        'contact[name]': 'Spec Kunde',
        'contact[contact_type_id]': '1',
        'contact[email]': 'spec@example.test',
        'contact[main_address][line_1]': 'Weg 1',
        'contact[main_address][postcode]': '12345',
      }
    : {
        'contact[name]': 'Cliente Spec',
        'contact[contact_type_id]': '1',
        'contact[main_address][street_one]': 'Rua 1',
        'contact[main_address][postcode]': '1000-001',
        'contact[withholding_tax_id]': '1',
      };
  const bankBody = de
    ? {
        'bank_account[account_name]': 'Spec Konto',
        'bank_account[account_type_id]': '1',
        'bank_account[iban]': 'DE89370400440532013000',
      }
    : {
        'bank_account[account_name]': 'Conta Spec',
        'bank_account[account_type_id]': '1',
        'bank_account[address][postcode]': '1000-001',
      };
  const expenseBody = de
    ? {
        'expense[date]': '2026-01-15',
        'expense[total]': '100.00',
        'expense[bank_account_id]': String(ids.bank),
        'expense[ledger_account_id]': '101',
      }
    : {
        date: '2026-01-15',
        total: '123.00',
        bank_account_id: String(ids.bank),
        ledger_account_id: '301',
        payment_method_id: '1',
      };
  const expenseUpdate: Record<string, string> = de ? { 'expense[reference]': 'changed' } : { total: '50.00' };
  const incomeBody = {
    'income[date]': '15/01/2026',
    'income[amount]': '100.00',
    'income[source_id]': de ? '201' : '401',
    'income[destination_id]': String(ids.destination),
    'income[payment_method_id]': '1',
  };
  return [
    { op: 'getBusiness', method: 'GET', path: '/core/v2/business', status: 200 },
    { op: 'getBusiness', method: 'GET', path: '/core/v2/business', status: 401, creds: 'bad' },
    { op: 'getBusiness', method: 'GET', path: '/core/v2/business', status: 400, creds: 'none' },
    {
      op: 'updateBusiness',
      method: 'PUT',
      path: '/core/v2/business',
      body: { 'business[telephone]': '+1 555', 'business[first_name]': 'Spec' },
      status: 200,
    },
    {
      op: 'updateBusiness',
      method: 'PUT',
      path: '/core/v2/business',
      body: { 'business[name]': 'x'.repeat(300) },
      status: 422,
    },
    {
      op: 'updateBusiness',
      method: 'PUT',
      path: '/core/v2/business',
      body: { 'business[name]': 'x' },
      status: 403,
      creds: 'readonly',
    },
    { op: 'listBusinessRelationships', method: 'GET', path: '/core/v2/business_relationships', status: 200 },
    {
      op: 'listBusinessRelationships',
      method: 'GET',
      path: '/core/v2/business_relationships',
      status: 401,
      creds: 'bad',
    },
    { op: 'getMe', method: 'GET', path: '/core/v2/me', status: 200 },
    { op: 'getMe', method: 'GET', path: '/core/v2/me', status: 400, creds: 'none' },
    { op: 'listAccountTypes', method: 'GET', path: '/accounts/v2/account_types', status: 200 },
    { op: 'listAccountTypes', method: 'GET', path: '/accounts/v2/account_types', status: 401, creds: 'bad' },
    { op: 'getAccountType', method: 'GET', path: '/accounts/v2/account_types/1', status: 200 },
    { op: 'getAccountType', method: 'GET', path: `/accounts/v2/account_types/${de ? 7 : 6}`, status: 404 },
    { op: 'listArtefactStatuses', method: 'GET', path: '/accounts/v2/artefact_statuses', status: 200 },
    {
      op: 'listArtefactStatuses',
      method: 'GET',
      path: '/accounts/v2/artefact_statuses',
      status: 400,
      creds: 'none',
    },
    { op: 'listBankAccounts', method: 'GET', path: '/accounts/v2/bank_accounts', status: 200 },
    {
      op: 'listBankAccounts',
      method: 'GET',
      path: '/accounts/v2/bank_accounts?$itemsPerPage=201',
      status: 400,
    },
    { op: 'getBankAccount', method: 'GET', path: `/accounts/v2/bank_accounts/${ids.bank}`, status: 200 },
    { op: 'getBankAccount', method: 'GET', path: '/accounts/v2/bank_accounts/999999', status: 404 },
    {
      op: 'createBankAccount',
      method: 'POST',
      path: '/accounts/v2/bank_accounts',
      body: bankBody,
      status: 201,
    },
    {
      op: 'createBankAccount',
      method: 'POST',
      path: '/accounts/v2/bank_accounts',
      body: de
        ? {
            'bank_account[account_name]': 'X',
            'bank_account[account_type_id]': '1',
            'bank_account[iban]': 'DE89370400440532013001',
          }
        : { 'bank_account[account_type_id]': '9' },
      status: 422,
    },
    {
      op: 'createBankAccount',
      method: 'POST',
      path: '/accounts/v2/bank_accounts',
      body: bankBody,
      status: 403,
      creds: 'readonly',
    },
    {
      op: 'updateBankAccount',
      method: 'PUT',
      path: `/accounts/v2/bank_accounts/${ids.bank}`,
      body: { 'bank_account[account_name]': 'Umbenannt' },
      status: 200,
    },
    {
      op: 'updateBankAccount',
      method: 'PUT',
      path: '/accounts/v2/bank_accounts/999999',
      body: { 'bank_account[account_name]': 'x' },
      status: 404,
    },
    {
      op: 'updateBankAccount',
      method: 'PUT',
      path: `/accounts/v2/bank_accounts/${ids.bank}`,
      body: { 'bank_account[account_name]': '' },
      status: 422,
    },
    { op: 'listContactTypes', method: 'GET', path: '/accounts/v2/contact_types', status: 200 },
    { op: 'listContactTypes', method: 'GET', path: '/accounts/v2/contact_types', status: 401, creds: 'bad' },
    { op: 'getContactType', method: 'GET', path: '/accounts/v2/contact_types/2', status: 200 },
    { op: 'getContactType', method: 'GET', path: '/accounts/v2/contact_types/3', status: 404 },
    {
      op: 'listContacts',
      method: 'GET',
      path: '/accounts/v2/contacts?contact_type=1&$itemsPerPage=50',
      status: 200,
    },
    { op: 'listContacts', method: 'GET', path: '/accounts/v2/contacts?contact_type=9', status: 400 },
    { op: 'getContact', method: 'GET', path: `/accounts/v2/contacts/${ids.contact}`, status: 200 },
    { op: 'getContact', method: 'GET', path: '/accounts/v2/contacts/999999', status: 404 },
    { op: 'createContact', method: 'POST', path: '/accounts/v2/contacts', body: contactBody, status: 201 },
    {
      op: 'createContact',
      method: 'POST',
      path: '/accounts/v2/contacts',
      body: { 'contact[contact_type_id]': '1', 'contact[email]': 'not-an-email' },
      status: 422,
    },
    {
      op: 'createContact',
      method: 'POST',
      path: '/accounts/v2/contacts',
      body: contactBody,
      status: 403,
      creds: 'readonly',
    },
    {
      op: 'updateContact',
      method: 'PUT',
      path: `/accounts/v2/contacts/${ids.contact}`,
      body: { 'contact[notes]': 'updated' },
      status: 200,
    },
    {
      op: 'updateContact',
      method: 'PUT',
      path: '/accounts/v2/contacts/999999',
      body: { 'contact[notes]': 'x' },
      status: 404,
    },
    {
      op: 'updateContact',
      method: 'PUT',
      path: `/accounts/v2/contacts/${ids.contact}`,
      body: { 'contact[name]': 'n'.repeat(51) },
      status: 422,
    },
    { op: 'deleteContact', method: 'DELETE', path: '/accounts/v2/contacts/999999', status: 404 },
    {
      op: 'deleteContact',
      method: 'DELETE',
      path: `/accounts/v2/contacts/${ids.contact}`,
      status: 403,
      creds: 'readonly',
    },
    { op: 'listCountries', method: 'GET', path: '/accounts/v2/countries', status: 200 },
    { op: 'getCountry', method: 'GET', path: '/accounts/v2/countries/1', status: 200 },
    { op: 'getCountry', method: 'GET', path: '/accounts/v2/countries/5000', status: 404 },
    { op: 'listExpenseTypes', method: 'GET', path: '/accounts/v2/expense_types', status: 200 },
    {
      op: 'listExpenses',
      method: 'GET',
      path: '/accounts/v2/expenses?from_date=2025-01-01&to_date=2025-06-30',
      status: 200,
    },
    { op: 'listExpenses', method: 'GET', path: '/accounts/v2/expenses?from_date=2025-01-01', status: 400 },
    { op: 'getExpense', method: 'GET', path: `/accounts/v2/expenses/${ids.expense}`, status: 200 },
    { op: 'getExpense', method: 'GET', path: '/accounts/v2/expenses/999999', status: 404 },
    { op: 'createExpense', method: 'POST', path: '/accounts/v2/expenses', body: expenseBody, status: 201 },
    {
      op: 'createExpense',
      method: 'POST',
      path: '/accounts/v2/expenses',
      body: de ? { 'expense[date]': '2026-02-30' } : { date: '2026-02-30' },
      status: 422,
    },
    {
      op: 'createExpense',
      method: 'POST',
      path: '/accounts/v2/expenses',
      body: expenseBody,
      status: 403,
      creds: 'readonly',
    },
    {
      op: 'updateExpense',
      method: 'PUT',
      path: `/accounts/v2/expenses/${ids.expense}`,
      body: expenseUpdate,
      status: 200,
    },
    {
      op: 'updateExpense',
      method: 'PUT',
      path: '/accounts/v2/expenses/999999',
      body: expenseUpdate,
      status: 404,
    },
    {
      op: 'updateExpense',
      method: 'PUT',
      path: `/accounts/v2/expenses/${ids.expense}`,
      body: de ? { 'expense[total]': '1.234' } : { total: '1.234' },
      status: 422,
    },
    { op: 'deleteExpense', method: 'DELETE', path: '/accounts/v2/expenses/999999', status: 404 },
    {
      op: 'deleteExpense',
      method: 'DELETE',
      path: `/accounts/v2/expenses/${ids.expense}`,
      status: 403,
      creds: 'readonly',
    },
    { op: 'deleteExpense', method: 'DELETE', path: `/accounts/v2/expenses/${ids.expense}`, status: 200 },
    { op: 'getFinancialSettings', method: 'GET', path: '/accounts/v2/financial_settings', status: 200 },
    {
      op: 'getFinancialSettings',
      method: 'GET',
      path: '/accounts/v2/financial_settings',
      status: 401,
      creds: 'bad',
    },
    { op: 'listIncomeTypes', method: 'GET', path: '/accounts/v2/income_types', status: 200 },
    {
      op: 'listIncomes',
      method: 'GET',
      path: '/accounts/v2/incomes?from_date=01/01/2025&to_date=31/12/2025',
      status: 200,
    },
    { op: 'listIncomes', method: 'GET', path: '/accounts/v2/incomes', status: 400 },
    { op: 'getIncome', method: 'GET', path: `/accounts/v2/incomes/${ids.income}`, status: 200 },
    { op: 'getIncome', method: 'GET', path: '/accounts/v2/incomes/999999', status: 404 },
    { op: 'createIncome', method: 'POST', path: '/accounts/v2/incomes', body: incomeBody, status: 201 },
    {
      op: 'createIncome',
      method: 'POST',
      path: '/accounts/v2/incomes',
      body: { ...incomeBody, 'income[amount]': '100000000.00' },
      status: 422,
    },
    {
      op: 'createIncome',
      method: 'POST',
      path: '/accounts/v2/incomes',
      body: incomeBody,
      status: 403,
      creds: 'readonly',
    },
    { op: 'listProducts', method: 'GET', path: '/accounts/v2/products', status: 200 },
    { op: 'listProducts', method: 'GET', path: '/accounts/v2/products?$startIndex=-1', status: 400 },
  ];
}

for (const variant of ['de', 'pt'] as const) {
  describe(`OpenAPI conformance (${variant})`, () => {
    const sb = testSandbox();
    const validator = new SpecValidator(variant);
    let full: Credentials;
    let readonly: Credentials;
    const ids = { contact: 0, bank: 0, expense: 0, income: 0, destination: 0 };
    beforeAll(async () => {
      full = await mintToken(sb, variant);
      readonly = await mintToken(sb, variant, 'readonly');
      const first = async (path: string): Promise<Json> =>
        (await (await call(sb, full, 'GET', path)).json()).$resources[0];
      ids.contact = (
        await (
          await call(sb, full, 'POST', '/accounts/v2/contacts', {
            body:
              variant === 'de'
                ? { 'contact[name]': 'Fresh', 'contact[contact_type_id]': '2' }
                : { 'contact[name]': 'Novo', 'contact[contact_type_id]': '2' },
          })
        ).json()
      ).id;
      const bank = await first('/accounts/v2/bank_accounts');
      ids.bank = bank.id;
      ids.destination = variant === 'de' ? bank.ledger_account.id : bank.ledger_account.id;
      ids.expense = (await first('/accounts/v2/expenses?from_date=2025-03-01&to_date=2025-12-31')).id;
      ids.income = (await first('/accounts/v2/incomes?from_date=01/01/2025&to_date=31/12/2026')).id;
      // Pick a single-line expense for the update case.
      for (let i = 0; i < 5; i++) {
        const r = await (await call(sb, full, 'GET', `/accounts/v2/expenses/${ids.expense}`)).json();
        if (variant === 'pt' || !r.multiple_line_items) break;
        ids.expense += 1;
      }
    });
    afterAll(() => sb.close());

    it('the validator is real: it rejects a wrong getContact body and an undocumented status', () => {
      expect(validator.check('getContact', 200, { id: 'x' })).toMatch(/must/);
      expect(
        validator.check('listContacts', 200, {
          $totalResults: 1,
          $startIndex: 0,
          $itemsPerPage: 20,
          $resources: [{ id: 1 }],
        }),
      ).toMatch(/required/);
      expect(validator.check('getContact', 418, {})).toMatch(/not documented/);
    });

    it(`covers every data operationId of ${variant}`, () => {
      const covered = new Set(cases(variant, ids).map((c) => c.op));
      const data = operationIds(variant).filter(
        (o) => o !== 'authorize' && o !== 'requestToken' && !o.startsWith('testSignature'),
      );
      expect(data.filter((o) => !covered.has(o))).toEqual([]);
    });

    it(`every data operation answers per the ${variant} spec: success and failure bodies validate`, async () => {
      const failures: string[] = [];
      for (const c of cases(variant, ids)) {
        const creds =
          c.creds === 'readonly'
            ? readonly
            : c.creds === 'bad'
              ? { ...full, accessToken: 'unknown-token' }
              : full;
        const res =
          c.creds === 'none'
            ? await sb.fetch(new Request(`${BASE}${c.path}`, { method: c.method }))
            : await call(sb, creds, c.method, c.path, c.body ? { body: c.body } : {});
        const body = await res.json();
        if (res.status !== c.status)
          failures.push(
            `${c.op} ${c.method} ${c.path}: expected ${c.status}, got ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
          );
        const problem = validator.check(c.op, res.status, body);
        if (problem) failures.push(problem);
      }
      expect(failures).toEqual([]);
    });

    it('listContacts, getBusiness: injected 429 and 503 faults validate against the spec', async () => {
      for (const [type, op, path] of [
        ['429', 'listContacts', '/accounts/v2/contacts'],
        ['503', 'getBusiness', '/core/v2/business'],
      ] as const) {
        const r = await sb.fetch(
          new Request(`${BASE}/_sandbox/faults`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${ADMIN}` },
            body: JSON.stringify({ type, count: 1, retry_after_seconds: 7 }),
          }),
        );
        expect(r.status).toBe(201);
        const res = await call(sb, full, 'GET', path);
        expect(res.status).toBe(Number(type));
        expect(res.headers.get('retry-after')).toBe('7');
        expect(validator.check(op, res.status, await res.json())).toBeNull();
      }
    });

    it('requestToken, testSignatureGet, testSignaturePost, testSignaturePut, testSignatureDelete: bodies validate', async () => {
      const ok = await sb.fetch(
        new Request(`${BASE}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            client_id: full.clientId,
            client_secret: full.clientSecret,
            refresh_token: full.refreshToken,
          }),
        }),
      );
      expect(ok.status).toBe(200);
      expect(validator.check('requestToken', 200, await ok.json())).toBeNull();
      const bad = await sb.fetch(
        new Request(`${BASE}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=password',
        }),
      );
      expect(bad.status).toBe(400);
      expect(validator.check('requestToken', 400, await bad.json())).toBeNull();
      for (const [op, method] of [
        ['testSignatureGet', 'GET'],
        ['testSignaturePost', 'POST'],
        ['testSignaturePut', 'PUT'],
        ['testSignatureDelete', 'DELETE'],
      ] as const) {
        const body = method === 'POST' || method === 'PUT' ? 'contact%5Bname%5D=A' : undefined;
        const url = `${BASE}/test/accounts/v2/contacts?x=1`;
        const s = await sign(
          { method, url, ...(body ? { body } : {}) },
          { signingSecret: 'TestSigningSecret', accessToken: 'TestToken' },
        );
        const headers = {
          ...s.headers,
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        };
        const good = await sb.fetch(new Request(url, { method, headers, ...(body ? { body } : {}) }));
        expect(good.status).toBe(200);
        expect(validator.check(op, 200, await good.json())).toBeNull();
        const wrong = await sb.fetch(
          new Request(url, {
            method,
            headers: { ...headers, 'X-Signature': 'AAAA' },
            ...(body ? { body } : {}),
          }),
        );
        expect(wrong.status).toBe(400);
        expect(validator.check(op, 400, await wrong.json())).toBeNull();
      }
    });
  });
}
