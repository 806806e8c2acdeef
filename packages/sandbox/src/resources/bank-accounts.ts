import type { Hono } from 'hono';
import { countryById, countryId } from '../countries.js';
import { Fields } from '../fields.js';
import { isValidIban } from '../iban.js';
import type { BankAccountData } from '../models.js';
import { formatCents } from '../money.js';
import { envelopeJson, readPaging } from '../paging.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { RecordNotFoundError } from '../sandbox-error.js';
import type { Schema, Variant } from '../variant.js';
import { bankLedger, idRef, ledgerView, NULL_REF, pathId, refItem } from './shared.js';

/** A bank account in the wire form of its variant. */
export function bankAccountBody(
  variant: Variant,
  r: StoredRecord<BankAccountData>,
): Schema<'de', 'BankAccount'> | Schema<'pt', 'BankAccount'> {
  return variant === 'de' ? bankAccountDe(r) : bankAccountPt(r);
}

function bankAccountDe(r: StoredRecord<BankAccountData>): Schema<'de', 'BankAccount'> {
  const d = r.data;
  const type = referenceData('de').accountTypes.find((t) => t.id === d.accountTypeId);
  return {
    id: r.id,
    account_name: d.accountName,
    account_number: d.accountNumber,
    account_type: type ? refItem(type) : NULL_REF,
    ledger_account: ledgerView('de', bankLedger(d)),
    balance: formatCents(BigInt(d.balanceCents)),
    iban: d.iban,
    bic: d.bic,
    reconciliation_strategy: 'CASH',
    $url: `/accounts/v2/bank_accounts/${r.id}`,
    $key: r.id,
  };
}

function bankAccountPt(r: StoredRecord<BankAccountData>): Schema<'pt', 'BankAccount'> {
  const d = r.data;
  return {
    id: r.id,
    account_name: d.accountName,
    account_number: d.accountNumber ?? '',
    sort_code: d.sortCode,
    telephone: d.telephone,
    email: d.email,
    address: d.address
      ? {
          street_one: d.address.streetOne,
          street_two: d.address.streetTwo,
          town: d.address.town,
          county: d.address.county,
          postcode: d.address.postcode,
          country: d.address.countryId === null ? NULL_REF : { $key: d.address.countryId },
          $key: r.id,
        }
      : NULL_REF,
    account_type: idRef(d.accountTypeId),
    ledger_account: idRef(d.ledgerAccountId),
    balance: formatCents(BigInt(d.balanceCents)),
    $key: r.id,
  };
}

function readBank(variant: Variant, f: Fields, old: BankAccountData | undefined): Partial<BankAccountData> {
  const create = old === undefined;
  const out: Partial<BankAccountData> = {};
  if (variant === 'de') {
    f.allow(
      create
        ? ['account_name', 'account_type_id', 'balance_date', 'iban', 'account_number']
        : ['account_name', 'account_type_id', 'account_number'],
    );
    const type = f.int('account_type_id');
    if (type !== undefined) out.accountTypeId = type;
    const bd = f.isoDate('balance_date');
    if (bd !== undefined) out.balanceDate = bd;
    const iban = f.str('iban');
    if (iban !== undefined) {
      if (!isValidIban(iban))
        f.fail(
          'iban',
          'iban is not a valid IBAN (check the country code, length and mod-97 check digits; no spaces).',
        );
      else out.iban = iban;
    }
  } else {
    f.allow([
      'account_name',
      'account_type_id',
      'account_number',
      'sort_code',
      'telephone',
      'email',
      'ledger_account_id',
      'address',
    ]);
    const type = f.int('account_type_id');
    if (type !== undefined) out.accountTypeId = type;
    const sort = f.str('sort_code');
    if (sort !== undefined) out.sortCode = sort;
    const tel = f.str('telephone');
    if (tel !== undefined) out.telephone = tel;
    const email = f.str('email', { email: true });
    if (email !== undefined) out.email = email;
    const la = f.int('ledger_account_id');
    if (la !== undefined) out.ledgerAccountId = la;
    const g = f.group('address');
    if (g) {
      g.allow(['street_one', 'street_two', 'town', 'county', 'postcode', 'country_id']);
      const base = old?.address ?? {
        streetOne: '',
        streetTwo: '',
        town: '',
        county: '',
        postcode: '',
        countryId: countryId('PT'),
      };
      const cid = g.int('country_id');
      if (cid !== undefined && !countryById('pt', cid))
        g.fail('address', `address: country_id ${cid} does not exist.`);
      const a = {
        streetOne: g.str('street_one') ?? base.streetOne,
        streetTwo: g.str('street_two') ?? base.streetTwo,
        town: g.str('town') ?? base.town,
        county: g.str('county') ?? base.county,
        postcode: g.str('postcode') ?? base.postcode,
        countryId: cid ?? base.countryId,
      };
      if (g.has('postcode') && a.countryId === countryId('PT') && !/^\d{4}-\d{3}$/.test(a.postcode))
        g.fail('address', 'address: postcode must have the format 0000-000 for Portuguese addresses.');
      out.address = a;
    }
  }
  const name = f.str('account_name');
  if (name !== undefined) out.accountName = name;
  const num = f.str('account_number');
  if (num !== undefined) out.accountNumber = num;
  return out;
}

/** `listBankAccounts`, `getBankAccount`, `createBankAccount`, `updateBankAccount`. */
export function bankAccountRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/bank_accounts', (c) => {
    const { variant, business } = c.get('auth');
    const paging = readPaging(new URL(c.req.url).searchParams);
    const page = state.store.listJson<BankAccountData>('bank_account', business.id, variant, paging, (r) =>
      bankAccountBody(variant, r),
    );
    return c.body(envelopeJson(page.total, paging, page.json), 200, { 'Content-Type': 'application/json' });
  });

  app.get('/accounts/v2/bank_accounts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Bank account');
    const r = state.store.get<BankAccountData>('bank_account', business.id, id);
    if (!r) throw new RecordNotFoundError(`Bank account ${id}`);
    return c.json(bankAccountBody(variant, r));
  });

  app.post('/accounts/v2/bank_accounts', (c) => {
    const { variant, business } = c.get('auth');
    const f = Fields.forOperation(variant, 'createBankAccount', c.get('form'), 'bank_account');
    const input = readBank(variant, f, undefined);
    f.check();
    const rec = state.store.insert<BankAccountData>(
      'bank_account',
      business.id,
      (id) => ({
        accountName: input.accountName ?? '',
        accountNumber: input.accountNumber ?? null,
        accountTypeId: input.accountTypeId ?? 1,
        ledgerAccountId: input.ledgerAccountId ?? 5000 + id,
        nominalCode: (variant === 'de' ? 1200 : 12) + id,
        balanceCents: '0',
        iban: input.iban ?? '',
        bic: null,
        balanceDate: input.balanceDate ?? null,
        sortCode: input.sortCode ?? '',
        telephone: input.telephone ?? '',
        email: input.email ?? '',
        address: input.address ?? null,
      }),
      state.clock.now(),
    );
    return c.json(bankAccountBody(variant, rec), 201);
  });

  app.put('/accounts/v2/bank_accounts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Bank account');
    const form = c.get('form');
    const body = Fields.wrapper(form, 'bank_account');
    const rec = state.store.transaction(() => {
      const old = state.store.get<BankAccountData>('bank_account', business.id, id);
      if (!old) throw new RecordNotFoundError(`Bank account ${id}`);
      const f = Fields.forOperation(variant, 'updateBankAccount', form, 'bank_account');
      if (Object.keys(body).length === 0) f.fail('base', 'Send at least one bank_account[field].');
      const input = readBank(variant, f, old.data);
      f.check();
      const data = { ...old.data, ...input };
      state.store.update('bank_account', business.id, id, data, state.clock.now());
      return { ...old, data };
    });
    return c.json(bankAccountBody(variant, rec));
  });
}
