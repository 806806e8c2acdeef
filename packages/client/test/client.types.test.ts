/** Type-level behaviour: per-variant request and response types; the wrong variant's fields do not compile. */

import type { AnySignerError } from '@acctkit/signer';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AccountingClient,
  type AnyAccountingError,
  createClient,
  createTokenManager,
  type Diagnosis,
  diagnosesOf,
  type HttpError,
  isAccountingError,
  type ListItem,
  type OAuthError,
  type PathsOf,
  unwrap,
  type Variant,
  type VariantMismatchError,
} from '../src/index.js';

declare const de: AccountingClient<'de'>;
declare const pt: AccountingClient<'pt'>;

describe('variant types', () => {
  it('createClient infers the variant from the option', () => {
    const api = createClient({
      variant: 'pt',
      baseUrl: 'https://h',
      credentials: { accessToken: 'a', signingSecret: 's' },
      userAgent: 'a/1',
    });
    expectTypeOf(api.variant).toEqualTypeOf<'pt'>();
    expectTypeOf(api).toEqualTypeOf<AccountingClient<'pt'>>();
  });

  it('createBankAccount: de takes iban, not sort_code', () => {
    void de.POST('/accounts/v2/bank_accounts', {
      body: { bank_account: { account_name: 'A', account_type_id: 1, iban: 'DE89370400440532013000' } },
    });
    void de.POST('/accounts/v2/bank_accounts', {
      // @ts-expect-error -- sort_code is a Variant B (pt) field
      body: { bank_account: { account_name: 'A', account_type_id: 1, sort_code: '0035' } },
    });
  });

  it('createBankAccount: pt takes sort_code, not iban', () => {
    void pt.POST('/accounts/v2/bank_accounts', {
      body: { bank_account: { account_name: 'A', account_type_id: 1, sort_code: '0035' } },
    });
    void pt.POST('/accounts/v2/bank_accounts', {
      // @ts-expect-error -- iban is a Variant A (de) field
      body: { bank_account: { account_name: 'A', account_type_id: 1, iban: 'DE89370400440532013000' } },
    });
    void pt.POST('/accounts/v2/bank_accounts', {
      // @ts-expect-error -- account type 6 (OTHER) exists only in Variant A
      body: { bank_account: { account_name: 'A', account_type_id: 6 } },
    });
  });

  it('getBankAccount: responses carry the variant’s fields', async () => {
    const a = await unwrap(de.GET('/accounts/v2/bank_accounts/{id}', { params: { path: { id: 1 } } }));
    expectTypeOf(a.iban).toEqualTypeOf<string>();
    // @ts-expect-error -- no sort_code on a de bank account
    void a.sort_code;
    const b = await unwrap(pt.GET('/accounts/v2/bank_accounts/{id}', { params: { path: { id: 1 } } }));
    expectTypeOf(b.sort_code).toEqualTypeOf<string>();
    // @ts-expect-error -- no iban on a pt bank account
    void b.iban;
  });

  it('createContact: pt has company_name and withholding_tax_id, de has company and tax_eligible', async () => {
    void pt.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'N', company_name: 'C', withholding_tax_id: '1' } },
    });
    void de.POST('/accounts/v2/contacts', {
      // @ts-expect-error -- withholding_tax_id is a Variant B field
      body: { contact: { contact_type_id: 1, name: 'N', withholding_tax_id: '1' } },
    });
    void pt.POST('/accounts/v2/contacts', {
      // @ts-expect-error -- tax_eligible is a Variant A field
      body: { contact: { contact_type_id: 1, name: 'N', tax_eligible: true } },
    });
    const contact = await unwrap(pt.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 1 } } }));
    expectTypeOf(contact).toHaveProperty('withholding_tax');
  });

  it('createExpense: de wraps fields in expense[...], pt sends them flat', () => {
    void de.POST('/accounts/v2/expenses', {
      body: { expense: { date: '2024-01-01', total: '1.00', bank_account_id: 1, ledger_account_id: 1 } },
    });
    void pt.POST('/accounts/v2/expenses', {
      body: { date: '2024-01-01', total: '1.00', bank_account_id: 1, ledger_account_id: 1 },
    });
    // @ts-expect-error -- the pt expense create is not wrapped
    void pt.POST('/accounts/v2/expenses', { body: { expense: { date: '2024-01-01' } } });
  });

  it('listIncomes requires from_date and to_date, also for paginate', () => {
    // @ts-expect-error -- the query is required
    void de.GET('/accounts/v2/incomes');
    // @ts-expect-error -- the init with its query is required
    void de.paginate('/accounts/v2/incomes');
    void de.paginate('/accounts/v2/incomes', {
      params: { query: { from_date: '01/01/2024', to_date: '31/01/2024' } },
    });
  });

  it('paginate yields the list’s record type and only accepts list paths', () => {
    expectTypeOf(de.paginate('/accounts/v2/contacts')).toEqualTypeOf<
      AsyncGenerator<ListItem<PathsOf<'de'>, '/accounts/v2/contacts'>, void, undefined>
    >();
    expectTypeOf(pt.listAll('/accounts/v2/bank_accounts')).resolves.items.toHaveProperty('sort_code');
    // @ts-expect-error -- a single record is not a list
    void de.paginate('/core/v2/business');
    // @ts-expect-error -- business_relationships is not an SData envelope
    void de.paginate('/core/v2/business_relationships');
  });

  it('amounts and dates stay strings; errors are typed', async () => {
    const income = await unwrap(de.GET('/accounts/v2/incomes/{id}', { params: { path: { id: 1 } } }));
    expectTypeOf(income.amount).toEqualTypeOf<string>();
    const { error } = await de.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 1 } } });
    expectTypeOf(diagnosesOf(error)).toEqualTypeOf<Diagnosis[]>();
    if (error && 'error_description' in error) expectTypeOf(error.error_description).toEqualTypeOf<string>();
  });

  it('a client for a runtime-known variant is a union narrowed by .variant', () => {
    const api = {} as AccountingClient<Variant>;
    if (api.variant === 'de') expectTypeOf(api).toEqualTypeOf<AccountingClient<'de'>>();
    else expectTypeOf(api).toEqualTypeOf<AccountingClient<'pt'>>();
  });
});

describe('options and errors', () => {
  it('takes exactly one of credentials, tokens and proxyKey', () => {
    const base = { variant: 'de' as const, baseUrl: 'https://h', userAgent: 'a/1' };
    const credentials = { accessToken: 'a', signingSecret: 's' };
    const tokens = createTokenManager({
      baseUrl: 'https://h',
      clientId: 'c',
      clientSecret: 'x',
      signingSecret: 's',
    });
    expectTypeOf(createClient({ ...base, proxyKey: 'ak_1' })).toEqualTypeOf<AccountingClient<'de'>>();
    void (() => createClient({ ...base, credentials }));
    void (() => createClient({ ...base, tokens }));
    // @ts-expect-error -- a proxy key replaces the signing credentials
    void (() => createClient({ ...base, proxyKey: 'ak_1', credentials }));
    // @ts-expect-error -- the proxy holds the tokens
    void (() => createClient({ ...base, proxyKey: 'ak_1', tokens }));
    // @ts-expect-error -- fixed credentials or a token manager, not both
    void (() => createClient({ ...base, credentials, tokens }));
    // @ts-expect-error -- one of them is required
    void (() => createClient(base));
  });

  it('switch (err.code) narrows AnyAccountingError to the subclass with its data', () => {
    const err = {} as AnyAccountingError;
    switch (err.code) {
      case 'HTTP_ERROR':
        expectTypeOf(err).toEqualTypeOf<HttpError>();
        expectTypeOf(err.status).toEqualTypeOf<number>();
        break;
      case 'OAUTH_ERROR':
        expectTypeOf(err).toEqualTypeOf<OAuthError>();
        expectTypeOf(err.error).toEqualTypeOf<string>();
        break;
      case 'VARIANT_MISMATCH':
        expectTypeOf(err).toEqualTypeOf<VariantMismatchError>();
        expectTypeOf(err.tokenVariant).toEqualTypeOf<string>();
        break;
      case 'TIMEOUT':
        // @ts-expect-error -- a plain AccountingError carries no status
        void err.status;
        break;
    }
    const caught: unknown = err;
    if (isAccountingError(caught)) expectTypeOf(caught).toEqualTypeOf<AnyAccountingError>();
  });

  it('switch (err.code) narrows AnySignerError by code', () => {
    const err = {} as AnySignerError;
    if (err.code === 'INVALID_BODY') expectTypeOf(err.code).toEqualTypeOf<'INVALID_BODY'>();
  });
});
