/**
 * Every operationId of both bundles, called through the client against the in-process sandbox:
 * both variants, success and error paths. Test names cite the operationId.
 */
import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingClient,
  diagnosesOf,
  HttpError,
  isoToDmy,
  unwrap,
  type VariantClient,
} from '../src/index.js';
import { clientFor, type Minted, mint, startSandbox } from './helpers/sandbox.js';

let sandbox: Sandbox;
const minted = {} as Record<'de' | 'pt', Minted>;
const api = {} as { de: AccountingClient<'de'>; pt: AccountingClient<'pt'> };

beforeAll(async () => {
  sandbox = startSandbox();
  minted.de = await mint(sandbox, 'de');
  minted.pt = await mint(sandbox, 'pt');
  api.de = clientFor(sandbox, 'de', minted.de);
  api.pt = clientFor(sandbox, 'pt', minted.pt);
});
afterAll(() => sandbox.close());

/** The id of a reference that may be the null reference `{ $key: null }`. */
function idOf(ref: object | undefined): number {
  return ref && 'id' in ref && typeof ref.id === 'number' ? ref.id : 0;
}

/**
 * Reads whose path, parameters and envelope are the same in both variants run once per variant. The
 * pt client is viewed through the de type here only to share the code; variant-specific fields are
 * asserted at runtime, and the writes below use each variant's own types.
 */
function reader(variant: 'de' | 'pt'): VariantClient<'de'> {
  return api[variant] as unknown as VariantClient<'de'>;
}

for (const variant of ['de', 'pt'] as const) {
  describe(`${variant}: reads`, () => {
    it('getBusiness: returns the business of the token', async () => {
      const business = await unwrap(reader(variant).GET('/core/v2/business'));
      expect(business.country.code).toBe(variant.toUpperCase());
    });

    it('getMe: returns the account summary and the user', async () => {
      const me = await unwrap(reader(variant).GET('/core/v2/me'));
      expect(typeof me.user.email).toBe('string');
      expect(typeof me.business.is_demo).toBe('boolean');
    });

    it('listBusinessRelationships: returns an array (no envelope)', async () => {
      const { data } = await reader(variant).GET('/core/v2/business_relationships');
      expect(Array.isArray(data?.business_relationships)).toBe(true);
    });

    it('listAccountTypes and getAccountType: symbols, lookup by id, 404 for an unknown id', async () => {
      const list = await unwrap(reader(variant).GET('/accounts/v2/account_types'));
      expect(list.$resources.map((t) => t.$symbol)).toContain('CURRENT');
      expect(list.$resources).toHaveLength(variant === 'de' ? 6 : 5);
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/account_types/{id}', { params: { path: { id: 2 } } }),
      );
      expect(one.$symbol).toBe('CASH_IN_HAND');
      const missing = await reader(variant).GET('/accounts/v2/account_types/{id}', {
        params: { path: { id: 99 } },
      });
      expect(missing.response.status).toBe(404);
      expect(diagnosesOf(missing.error)[0]?.$dataCode).toBe('RecordNotFound');
    });

    it('listArtefactStatuses: the variant ids', async () => {
      const list = await unwrap(reader(variant).GET('/accounts/v2/artefact_statuses'));
      const unpaid = list.$resources.find((s) => s.$symbol === 'UNPAID');
      expect(unpaid?.id).toBe(variant === 'de' ? 2 : 1);
    });

    it('listContactTypes and getContactType', async () => {
      const list = await unwrap(reader(variant).GET('/accounts/v2/contact_types'));
      expect(list.$resources.map((t) => t.$symbol)).toEqual(['CUSTOMER', 'SUPPLIER']);
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/contact_types/{id}', { params: { path: { id: 2 } } }),
      );
      expect(one.$symbol).toBe('SUPPLIER');
    });

    it('listCountries and getCountry', async () => {
      const countries = await reader(variant).listAll('/accounts/v2/countries');
      const pt = countries.find((c) => c.code === 'PT');
      expect(pt).toBeDefined();
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/countries/{id}', { params: { path: { id: pt?.id ?? 0 } } }),
      );
      expect(one.code).toBe('PT');
    });

    it('listExpenseTypes, listIncomeTypes: reference lists in one page', async () => {
      const expenseTypes = await unwrap(reader(variant).GET('/accounts/v2/expense_types'));
      expect(expenseTypes.$itemsPerPage).toBe(expenseTypes.$totalResults);
      const incomeTypes = await unwrap(reader(variant).GET('/accounts/v2/income_types'));
      expect(incomeTypes.$resources.length).toBeGreaterThan(0);
    });

    it('getFinancialSettings', async () => {
      const settings = await unwrap(reader(variant).GET('/accounts/v2/financial_settings'));
      expect(typeof settings.coa_template).toBe('string');
    });

    it('listProducts: pages through every product', async () => {
      const products = await reader(variant).listAll('/accounts/v2/products', undefined, { pageSize: 3 });
      const { data } = await reader(variant).GET('/accounts/v2/products');
      expect(products).toHaveLength(data?.$totalResults ?? -1);
    });

    it('listContacts: paginate stops exactly at $totalResults, filters apply', async () => {
      const first = await unwrap(
        reader(variant).GET('/accounts/v2/contacts', { params: { query: { $itemsPerPage: 1 } } }),
      );
      const all = await reader(variant).listAll('/accounts/v2/contacts', undefined, { pageSize: 200 });
      expect(all).toHaveLength(first.$totalResults);
      expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
      const customers = await reader(variant).listAll('/accounts/v2/contacts', {
        params: { query: { contact_type: 1 } },
      });
      expect(customers.length).toBeGreaterThan(0);
      expect(customers.every((c) => c.contact_types.some((t) => t.id === 1))).toBe(true);
    });

    it('listBankAccounts and getBankAccount: 404 for an unknown id', async () => {
      const list = await unwrap(reader(variant).GET('/accounts/v2/bank_accounts'));
      const id = list.$resources[0]?.id ?? 0;
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/bank_accounts/{id}', { params: { path: { id } } }),
      );
      expect(one.id).toBe(id);
      const missing = await reader(variant).GET('/accounts/v2/bank_accounts/{id}', {
        params: { path: { id: 987654 } },
      });
      expect(missing.response.status).toBe(404);
    });

    it('listExpenses and getExpense: ISO date filter', async () => {
      const page = await unwrap(
        reader(variant).GET('/accounts/v2/expenses', {
          params: { query: { from_date: '2000-01-01', to_date: '2100-12-31' } },
        }),
      );
      expect(page.$totalResults).toBeGreaterThan(0);
      const id = page.$resources[0]?.id ?? 0;
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/expenses/{id}', { params: { path: { id } } }),
      );
      expect(one.id).toBe(id);
    });

    it('listIncomes and getIncome: dd/mm/yyyy dates', async () => {
      const incomes = await reader(variant).listAll('/accounts/v2/incomes', {
        params: { query: { from_date: isoToDmy('2000-01-01'), to_date: isoToDmy('2100-12-31') } },
      });
      expect(incomes.length).toBeGreaterThan(0);
      const id = incomes[0]?.id ?? 0;
      const one = await unwrap(
        reader(variant).GET('/accounts/v2/incomes/{id}', { params: { path: { id } } }),
      );
      expect(one.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    });

    it('testSignatureGet, testSignaturePost, testSignaturePut, testSignatureDelete: the client signs /test with TestSigningSecret', async () => {
      const path = { dataPath: 'accounts/v2/contacts/42' };
      const get = await reader(variant).GET('/test/{dataPath}', {
        params: { path, query: { params: { search: 'Ann Lee', $itemsPerPage: '5' } } },
      });
      expect(get.response.status).toBe(200);
      expect(get.data?.success).toBe(true);
      const post = await reader(variant).POST('/test/{dataPath}', {
        params: { path: { dataPath: 'accounts/v2/contacts' } },
        body: { 'contact[name]': 'Ann + Bob & Co', 'contact[contact_type_id]': '1' },
      });
      expect(post.response.status).toBe(200);
      const put = await reader(variant).PUT('/test/{dataPath}', {
        params: { path },
        body: { 'contact[notes]': '100 %' },
      });
      expect(put.response.status).toBe(200);
      const del = await reader(variant).DELETE('/test/{dataPath}', { params: { path } });
      expect(del.response.status).toBe(200);
    });
  });

  describe(`${variant}: errors`, () => {
    it('testSignatureGet: a request changed after signing gets 400 with the server view of every step', async () => {
      // A proxy that appends a parameter after the client signed: the signature no longer matches.
      const tampering = clientFor(sandbox, 'de', minted[variant], {
        fetch: (request) => {
          const url = new URL(request.url);
          url.searchParams.set('extra', '1');
          return sandbox.fetch(new Request(url, request));
        },
      });
      const { error, response } = await tampering.GET('/test/{dataPath}', {
        params: { path: { dataPath: 'accounts/v2/contacts' } },
      });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: 'invalid_signature' });
      expect(error && 'parameter_string' in error ? error.parameter_string : '').toBe('extra=1');
    });

    it('getContact: an unknown token answers 401 AuthorizationFailure; unwrap throws HttpError without the token', async () => {
      const stranger = clientFor(sandbox, 'de', {
        ...minted[variant],
        access_token: 'not-a-token-of-this-sandbox',
      });
      const result = await stranger.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 1 } } });
      expect(result.response.status).toBe(401);
      expect(diagnosesOf(result.error)[0]?.$dataCode).toBe('AuthorizationFailure');
      const thrown = await unwrap(result).catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(HttpError);
      expect((thrown as HttpError).status).toBe(401);
      expect((thrown as HttpError).message).not.toContain('not-a-token');
      expect((thrown as HttpError).request).toBe('GET /accounts/v2/contacts/1');
    });

    it('deleteContact: a readonly token gets 403 InsufficientScope', async () => {
      const readonly = clientFor(sandbox, 'de', await mint(sandbox, variant, 'readonly'));
      const { error, response } = await readonly.DELETE('/accounts/v2/contacts/{id}', {
        params: { path: { id: 1 } },
      });
      expect(response.status).toBe(403);
      expect(diagnosesOf(error)[0]?.$dataCode).toBe('InsufficientScope');
    });
  });
}

describe('de: writes (Variant A types)', () => {
  it('updateBusiness: changes the business and, with first_name/last_name, the user (getMe)', async () => {
    const business = await unwrap(
      api.de.PUT('/core/v2/business', {
        body: { business: { city: 'Köln', first_name: 'Anne', last_name: 'Weber' } },
      }),
    );
    expect(business.city).toBe('Köln');
    const me = await unwrap(api.de.GET('/core/v2/me'));
    expect(me.user.first_name).toBe('Anne');
  });

  it('createBankAccount with an iban, updateBankAccount; 422 for an invalid iban', async () => {
    const created = await api.de.POST('/accounts/v2/bank_accounts', {
      body: {
        bank_account: { account_name: 'Rücklagen', account_type_id: 3, iban: 'DE89370400440532013000' },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.iban).toBe('DE89370400440532013000');
    const id = created.data?.id ?? 0;
    const updated = await unwrap(
      api.de.PUT('/accounts/v2/bank_accounts/{id}', {
        params: { path: { id } },
        body: { bank_account: { account_name: 'Rücklagen 2' } },
      }),
    );
    expect(updated.account_name).toBe('Rücklagen 2');
    const invalid = await api.de.POST('/accounts/v2/bank_accounts', {
      body: { bank_account: { account_name: 'X', account_type_id: 1, iban: 'DE00370400440532013000' } },
    });
    expect(invalid.response.status).toBe(422);
    expect(diagnosesOf(invalid.error)[0]?.$source).toBe('iban');
  });

  it('createContact with nested addresses, updateContact, deleteContact; 422 without name or company', async () => {
    const created = await unwrap(
      api.de.POST('/accounts/v2/contacts', {
        body: {
          contact: {
            contact_type_id: 1,
            name: 'Ann & Bob Müller',
            email: 'ann@example.test',
            main_address: { line_1: 'Hauptstraße 1', town: 'Berlin', postcode: '10115' },
          },
        },
      }),
    );
    expect(created.name).toBe('Ann & Bob Müller');
    expect(created.main_address).toMatchObject({ street_one: 'Hauptstraße 1', town: 'Berlin' });
    const updated = await unwrap(
      api.de.PUT('/accounts/v2/contacts/{id}', {
        params: { path: { id: created.id } },
        body: { contact: { notes: 'prefers email' } },
      }),
    );
    expect(updated.notes).toBe('prefers email');
    const deleted = await api.de.DELETE('/accounts/v2/contacts/{id}', {
      params: { path: { id: created.id } },
    });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data?.id).toBe(created.id);
    const gone = await api.de.GET('/accounts/v2/contacts/{id}', { params: { path: { id: created.id } } });
    expect(gone.response.status).toBe(404);
    // @ts-expect-error -- the types demand a name or a company; the server's 422 is what is tested here.
    const invalid = await api.de.POST('/accounts/v2/contacts', { body: { contact: { contact_type_id: 1 } } });
    expect(invalid.response.status).toBe(422);
    expect(diagnosesOf(invalid.error).map((d) => d.$dataCode)).toContain('ValidationError');
  });

  it('createExpense, updateExpense, deleteExpense (expense[...] keys)', async () => {
    const bank = (await unwrap(api.de.GET('/accounts/v2/bank_accounts'))).$resources[0];
    const type = (await unwrap(api.de.GET('/accounts/v2/expense_types'))).$resources[0];
    const created = await api.de.POST('/accounts/v2/expenses', {
      body: {
        expense: {
          date: '2024-03-01',
          total: '119.00',
          bank_account_id: bank?.id ?? 0,
          ledger_account_id: type?.id ?? 0,
          reference: 'R-1',
        },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.total).toBe('119.00');
    const id = created.data?.id ?? 0;
    const updated = await unwrap(
      api.de.PUT('/accounts/v2/expenses/{id}', {
        params: { path: { id } },
        body: { expense: { reference: 'R-2' } },
      }),
    );
    expect(updated.reference).toBe('R-2');
    const deleted = await api.de.DELETE('/accounts/v2/expenses/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(200);
    const invalid = await api.de.POST('/accounts/v2/expenses', {
      body: { expense: { date: '01/03/2024', total: '1', bank_account_id: 1, ledger_account_id: 1 } },
    });
    expect(invalid.response.status).toBe(422);
  });

  it('createIncome with a dd/mm/yyyy date; 422 for an ISO date', async () => {
    const bank = (await unwrap(api.de.GET('/accounts/v2/bank_accounts'))).$resources[0];
    const source = (await unwrap(api.de.GET('/accounts/v2/income_types'))).$resources[0];
    const income = {
      date: isoToDmy('2024-03-15'),
      amount: '100.00',
      source_id: source?.id ?? 0,
      destination_id: idOf(bank?.ledger_account),
      payment_method_id: 1,
      reference: 'INV-1',
    };
    const created = await api.de.POST('/accounts/v2/incomes', { body: { income } });
    expect(created.response.status).toBe(201);
    expect(created.data?.date).toBe('15/03/2024');
    const invalid = await api.de.POST('/accounts/v2/incomes', {
      body: { income: { ...income, date: '2024-03-15' } },
    });
    expect(invalid.response.status).toBe(422);
    expect(diagnosesOf(invalid.error)[0]?.$source).toBe('date');
  });
});

describe('pt: writes (Variant B types)', () => {
  it('updateBusiness', async () => {
    const business = await unwrap(api.pt.PUT('/core/v2/business', { body: { business: { city: 'Porto' } } }));
    expect(business.city).toBe('Porto');
  });

  it('createBankAccount with a sort_code and address, updateBankAccount', async () => {
    const created = await api.pt.POST('/accounts/v2/bank_accounts', {
      body: {
        bank_account: {
          account_name: 'Poupança',
          account_type_id: 3,
          sort_code: '0035',
          address: { town: 'Lisboa', postcode: '1000-001' },
        },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.sort_code).toBe('0035');
    const id = created.data?.id ?? 0;
    const updated = await unwrap(
      api.pt.PUT('/accounts/v2/bank_accounts/{id}', {
        params: { path: { id } },
        body: { bank_account: { telephone: '+351 21 000 0000' } },
      }),
    );
    expect(updated.telephone).toBe('+351 21 000 0000');
  });

  it('createContact with company_name, updateContact, deleteContact; withholding_tax in the response', async () => {
    const created = await unwrap(
      api.pt.POST('/accounts/v2/contacts', {
        body: { contact: { contact_type_id: 2, name: 'João Silva', company_name: 'Silva Lda' } },
      }),
    );
    expect(created.company).toBe('Silva Lda');
    expect(created).toHaveProperty('withholding_tax');
    const updated = await unwrap(
      api.pt.PUT('/accounts/v2/contacts/{id}', {
        params: { path: { id: created.id } },
        body: { contact: { email: 'joao@example.test' } },
      }),
    );
    expect(updated.email).toBe('joao@example.test');
    const deleted = await api.pt.DELETE('/accounts/v2/contacts/{id}', {
      params: { path: { id: created.id } },
    });
    expect(deleted.response.status).toBe(200);
  });

  it('createExpense with flat keys, updateExpense, deleteExpense', async () => {
    const bank = (await unwrap(api.pt.GET('/accounts/v2/bank_accounts'))).$resources[0];
    const type = (await unwrap(api.pt.GET('/accounts/v2/expense_types'))).$resources[0];
    const created = await api.pt.POST('/accounts/v2/expenses', {
      body: {
        date: '2024-04-02',
        total: '24.60',
        bank_account_id: bank?.id ?? 0,
        ledger_account_id: type?.id ?? 0,
        payment_method_id: 2,
      },
    });
    expect(created.response.status).toBe(201);
    const id = created.data?.id ?? 0;
    const updated = await unwrap(
      api.pt.PUT('/accounts/v2/expenses/{id}', { params: { path: { id } }, body: { total: '30.00' } }),
    );
    expect(updated.total).toBe('30.00');
    const deleted = await api.pt.DELETE('/accounts/v2/expenses/{id}', { params: { path: { id } } });
    expect(deleted.response.status).toBe(200);
    const gone = await api.pt.GET('/accounts/v2/expenses/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
  });

  it('createIncome', async () => {
    const bank = (await unwrap(api.pt.GET('/accounts/v2/bank_accounts'))).$resources[0];
    const source = (await unwrap(api.pt.GET('/accounts/v2/income_types'))).$resources[0];
    const created = await api.pt.POST('/accounts/v2/incomes', {
      body: {
        income: {
          date: '02/04/2024',
          amount: '50.00',
          source_id: source?.id ?? 0,
          destination_id: idOf(bank?.ledger_account),
          payment_method_id: 1,
          is_tax_included: true,
        },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.gross_amount).toBe('50.00');
  });
});
