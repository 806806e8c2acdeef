import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BASE, type Credentials, callJson, type Json, mintToken, testSandbox } from './helpers.js';

let now = Date.parse('2026-11-10T15:00:00Z');
const sb = testSandbox({ clock: () => now, accessTokenTtlSeconds: 86_400 });
let de: Credentials;
let pt: Credentials;
beforeAll(async () => {
  de = await mintToken(sb, 'de');
  pt = await mintToken(sb, 'pt');
});
afterAll(() => sb.close());

describe('SData paging and list filters', () => {
  it('listContacts: pages through all 300 contacts without gaps or repeats', async () => {
    const seen: number[] = [];
    for (let start = 0; start < 300; start += 200) {
      const r = await callJson(sb, de, 'GET', `/accounts/v2/contacts?$startIndex=${start}&$itemsPerPage=200`);
      expect(r.body).toMatchObject({ $totalResults: 300, $startIndex: start, $itemsPerPage: 200 });
      seen.push(...r.body.$resources.map((c: Json) => c.id));
    }
    expect(new Set(seen).size).toBe(300);
    const beyond = await callJson(sb, de, 'GET', '/accounts/v2/contacts?$startIndex=400');
    expect(beyond.body).toMatchObject({ $totalResults: 300, $resources: [] });
  });

  it('listContacts: de filters contact_type, email, telephone, mobile, notes, tax_number, search', async () => {
    const all = (await callJson(sb, de, 'GET', '/accounts/v2/contacts?$itemsPerPage=200')).body
      .$resources as Json[];
    const sample = all.find((c) => c.tax_authentication_number !== '' && c.notes !== '') as Json;
    const q = async (qs: string) => (await callJson(sb, de, 'GET', `/accounts/v2/contacts?${qs}`)).body;
    const suppliers = await q('contact_type=2&$itemsPerPage=200');
    expect(suppliers.$resources.every((c: Json) => c.contact_types[0].$symbol === 'SUPPLIER')).toBe(true);
    expect(
      (await q(`email=${encodeURIComponent(sample.email.toUpperCase())}`)).$resources.map((c: Json) => c.id),
    ).toEqual([sample.id]);
    expect(
      (await q(`telephone=${encodeURIComponent(sample.telephone)}`)).$resources.map((c: Json) => c.id),
    ).toContain(sample.id);
    expect(
      (await q(`mobile=${encodeURIComponent(sample.mobile)}`)).$resources.map((c: Json) => c.id),
    ).toContain(sample.id);
    expect(
      (await q(`tax_number=${encodeURIComponent(sample.tax_authentication_number)}`)).$resources.map(
        (c: Json) => c.id,
      ),
    ).toContain(sample.id);
    const notes = await q(`notes=${encodeURIComponent(sample.notes.slice(0, 5))}&$itemsPerPage=200`);
    expect(notes.$resources.every((c: Json) => c.notes.includes(sample.notes.slice(0, 5)))).toBe(true);
    const search = await q(
      `search=${encodeURIComponent(sample.name.split(' ')[1].toLowerCase())}&$itemsPerPage=200`,
    );
    expect(search.$resources.map((c: Json) => c.id)).toContain(sample.id);
  });

  it('listContacts: pt search is case-insensitive on name or company; email filter', async () => {
    const r = await callJson(sb, pt, 'GET', '/accounts/v2/contacts?search=SILVA&$itemsPerPage=200');
    expect(r.body.$totalResults).toBeGreaterThan(0);
    expect(
      r.body.$resources.every((c: Json) => `${c.name} ${c.company ?? ''}`.toLowerCase().includes('silva')),
    ).toBe(true);
    const one = r.body.$resources[0];
    expect(
      (await callJson(sb, pt, 'GET', `/accounts/v2/contacts?email=${encodeURIComponent(one.email)}`)).body
        .$totalResults,
    ).toBe(1);
  });

  it('listCountries, listAccountTypes, listExpenseTypes, listIncomeTypes, listArtefactStatuses, listContactTypes: reference lists return every item, localised', async () => {
    const de1 = (await callJson(sb, de, 'GET', '/accounts/v2/countries?$itemsPerPage=5')).body;
    expect(de1.$itemsPerPage).toBe(de1.$totalResults);
    expect(de1.$resources.length).toBeGreaterThan(240);
    const deName = de1.$resources.find((c: Json) => c.code === 'DE').name;
    const ptList = (await callJson(sb, pt, 'GET', '/accounts/v2/countries')).body.$resources;
    expect(deName).toBe('Deutschland');
    expect(ptList.find((c: Json) => c.code === 'DE').name).toBe('Alemanha');
    expect((await callJson(sb, de, 'GET', '/accounts/v2/account_types')).body.$totalResults).toBe(6);
    expect((await callJson(sb, pt, 'GET', '/accounts/v2/account_types')).body.$totalResults).toBe(5);
    expect(
      (await callJson(sb, pt, 'GET', '/accounts/v2/artefact_statuses')).body.$resources.map(
        (s: Json) => s.$symbol,
      ),
    ).toEqual(['UNPAID', 'PART_PAID', 'PAID', 'VOID']);
    expect(
      (await callJson(sb, de, 'GET', '/accounts/v2/artefact_statuses')).body.$resources[0],
    ).toMatchObject({ id: 1, $symbol: 'DRAFT' });
    for (const c of [de, pt]) {
      for (const p of ['expense_types', 'income_types', 'contact_types']) {
        const b = (await callJson(sb, c, 'GET', `/accounts/v2/${p}`)).body;
        expect(b.$itemsPerPage).toBe(b.$totalResults);
      }
    }
  });

  it('listExpenses: from_date/to_date in ISO and, with classic_dates, DD/MM/YYYY give the same records', async () => {
    const iso = (
      await callJson(
        sb,
        de,
        'GET',
        '/accounts/v2/expenses?from_date=2025-03-01&to_date=2025-03-31&$itemsPerPage=200',
      )
    ).body;
    const classic = (
      await callJson(
        sb,
        de,
        'GET',
        '/accounts/v2/expenses?from_date=01/03/2025&to_date=31/03/2025&classic_dates=true&$itemsPerPage=200',
      )
    ).body;
    expect(iso.$totalResults).toBeGreaterThan(0);
    expect(classic.$resources.map((e: Json) => e.id)).toEqual(iso.$resources.map((e: Json) => e.id));
    expect(iso.$resources.every((e: Json) => e.date >= '2025-03-01' && e.date <= '2025-03-31')).toBe(true);
  });

  it('listExpenses, createExpense, updateExpense, deleteExpense: updated_or_created_since includes changes and deletions, with the US-Eastern offset', async () => {
    // After all demo data; 10 November is standard time in US Eastern (-05:00).
    now = Date.parse('2026-11-10T15:00:00Z');
    const created = await callJson(sb, pt, 'POST', '/accounts/v2/expenses', {
      body: { date: '2026-11-10', total: '10.00', bank_account_id: '4', ledger_account_id: '301' },
    });
    expect(created.status).toBe(201);
    now += 3_600_000;
    const toDelete = await callJson(sb, pt, 'POST', '/accounts/v2/expenses', {
      body: { date: '2026-11-10', total: '20.00', bank_account_id: '4', ledger_account_id: '301' },
    });
    expect((await callJson(sb, pt, 'DELETE', `/accounts/v2/expenses/${toDelete.body.id}`)).status).toBe(200);
    expect((await callJson(sb, pt, 'GET', `/accounts/v2/expenses/${toDelete.body.id}`)).status).toBe(404);
    const since = async (v: string) =>
      (
        await callJson(
          sb,
          pt,
          'GET',
          `/accounts/v2/expenses?updated_or_created_since=${encodeURIComponent(v)}`,
        )
      ).body.$resources.map((e: Json) => e.id);
    // 09:30 US Eastern (EST, -05:00) is 14:30 UTC: both records, the deleted one included.
    expect(await since('2026-11-10T09:30:00-05:00')).toEqual([created.body.id, toDelete.body.id]);
    // Without an offset the time is UTC: 15:30 UTC is after the first create.
    expect(await since('2026-11-10T15:30:00')).toEqual([toDelete.body.id]);
    // A bare date is midnight US Eastern.
    expect(await since('2026-11-10')).toEqual([created.body.id, toDelete.body.id]);
    expect(await since('2026-11-11')).toEqual([]);
    // Updating an old expense brings it into the window.
    now += 3_600_000;
    const old = (await callJson(sb, pt, 'GET', '/accounts/v2/expenses?$itemsPerPage=1')).body.$resources[0];
    expect(
      (await callJson(sb, pt, 'PUT', `/accounts/v2/expenses/${old.id}`, { body: { total: '1.00' } })).status,
    ).toBe(200);
    expect(await since('2026-11-10T16:30:00+00:00')).toEqual([old.id]);
  });

  it('updateExpense: a multi-line expense is 422 base; deleteExpense still works on it', async () => {
    const list = (await callJson(sb, de, 'GET', '/accounts/v2/expenses?$itemsPerPage=200')).body
      .$resources as Json[];
    const multi = list.find((e) => e.multiple_line_items) as Json;
    expect(multi).toBeDefined();
    const r = await callJson(sb, de, 'PUT', `/accounts/v2/expenses/${multi.id}`, {
      body: { 'expense[reference]': 'x' },
    });
    expect(r.status).toBe(422);
    expect(r.body.$diagnoses[0].$source).toBe('base');
  });

  it('listIncomes: dd/mm/yyyy range, responses in dd/mm/yyyy; createIncome computes exact totals', async () => {
    const r = (
      await callJson(
        sb,
        pt,
        'GET',
        '/accounts/v2/incomes?from_date=01/02/2025&to_date=28/02/2025&$itemsPerPage=200',
      )
    ).body;
    expect(r.$totalResults).toBeGreaterThan(0);
    expect(r.$resources.every((i: Json) => /^\d{2}\/02\/2025$/.test(i.date))).toBe(true);
    const bank = (await callJson(sb, pt, 'GET', '/accounts/v2/bank_accounts')).body.$resources[0];
    const net = await callJson(sb, pt, 'POST', '/accounts/v2/incomes', {
      body: {
        'income[date]': '05/02/2025',
        'income[amount]': '0.10',
        'income[tax_percentage_rate]': '23',
        'income[source_id]': '401',
        'income[destination_id]': String(bank.ledger_account.id),
        'income[payment_method_id]': '1',
      },
    });
    expect(net.status).toBe(201);
    expect(net.body).toMatchObject({
      amount: '0.10',
      tax_amount: '0.02',
      gross_amount: '0.12',
      tax_percentage_rate: '23.00',
      date: '05/02/2025',
      invoice_date: '',
    });
    const gross = await callJson(sb, pt, 'POST', '/accounts/v2/incomes', {
      body: {
        'income[date]': '05/02/2025',
        'income[amount]': '123.00',
        'income[is_tax_included]': '1',
        'income[source_id]': '401',
        'income[destination_id]': String(bank.ledger_account.id),
        'income[payment_method_id]': '2',
        'income[invoice_date]': '01/02/2025',
      },
    });
    expect(gross.body).toMatchObject({
      amount: '100.00',
      tax_amount: '23.00',
      gross_amount: '123.00',
      invoice_date: '01/02/2025',
    });
    expect((await callJson(sb, pt, 'GET', `/accounts/v2/incomes/${gross.body.id}`)).body).toEqual(gross.body);
  });

  it('createBankAccount: a valid IBAN is stored; createContact then deleteContact removes it', async () => {
    const b = await callJson(sb, de, 'POST', '/accounts/v2/bank_accounts', {
      body: {
        'bank_account[account_name]': 'Neues Konto',
        'bank_account[account_type_id]': '3',
        'bank_account[iban]': 'DE02120300000000202051',
        'bank_account[balance_date]': '2026-01-01',
      },
    });
    expect(b.status).toBe(201);
    expect(b.body).toMatchObject({
      iban: 'DE02120300000000202051',
      balance: '0.00',
      account_type: { $symbol: 'SAVINGS' },
    });
    const c = await callJson(sb, de, 'POST', '/accounts/v2/contacts', {
      body: { 'contact[company]': 'Löschbar GmbH', 'contact[contact_type_id]': '2' },
    });
    const d = await callJson(sb, de, 'DELETE', `/accounts/v2/contacts/${c.body.id}`);
    expect(d.status).toBe(200);
    expect(d.body.company).toBe('Löschbar GmbH');
    expect((await callJson(sb, de, 'GET', `/accounts/v2/contacts/${c.body.id}`)).status).toBe(404);
  });

  it('updateBusiness, getMe, getBusiness: user names change through business[first_name]', async () => {
    const r = await callJson(sb, de, 'PUT', '/core/v2/business', {
      body: { 'business[first_name]': 'Annika', 'business[city]': 'Potsdam' },
    });
    expect(r.body.city).toBe('Potsdam');
    expect((await callJson(sb, de, 'GET', '/core/v2/me')).body.user.first_name).toBe('Annika');
    expect((await callJson(sb, de, 'GET', '/core/v2/business')).body.country).toEqual({
      name: 'Deutschland',
      code: 'DE',
    });
  });

  it('reset through the admin API restores the demo data', async () => {
    const res = await sb.fetch(
      new Request(`${BASE}/_sandbox/reset`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN}` },
      }),
    );
    expect(res.status).toBe(200);
    const fresh = await mintToken(sb, 'de');
    expect((await callJson(sb, fresh, 'GET', '/core/v2/business')).body.city).toBe('Berlin');
    expect((await callJson(sb, de, 'GET', '/core/v2/business')).status).toBe(401);
  });
});
