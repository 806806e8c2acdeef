import { parseDmyDate, parseIsoDate } from '@acctkit/openapi/formats';
import type { Hono } from 'hono';
import { parseSince } from '../dates.js';
import { Fields } from '../fields.js';
import type { BankAccountData, ContactData, ExpenseData } from '../models.js';
import { formatCents, taxOnNet } from '../money.js';
import { envelope, readPaging } from '../paging.js';
import type { FormObject } from '../parse-form-body.js';
import type { RecordStore, StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { malformed, RecordNotFoundError, validationError } from '../sandbox-error.js';
import type { Schema, Variant } from '../variant.js';
import { idRef, ledgerView, NULL_REF, pathId, refItem } from './shared.js';

const sum = (xs: readonly string[]): bigint => xs.reduce((a, x) => a + BigInt(x), 0n);

/** An expense in the wire form of its variant. */
export function expenseBody(
  variant: Variant,
  store: RecordStore,
  businessId: number,
  r: StoredRecord<ExpenseData>,
): Schema<'de', 'Expense'> | Schema<'pt', 'Expense'> {
  const d = r.data;
  const total = sum(d.lines.map((l) => l.totalCents));
  if (variant === 'pt')
    return {
      id: r.id,
      date: d.date,
      total: formatCents(total),
      bank_account: idRef(d.bankAccountId),
      ledger_account: idRef(d.ledgerAccountId),
      payment_method: idRef(d.paymentMethodId),
      $key: r.id,
    };
  const ref = referenceData('de');
  const vat = sum(d.lines.map((l) => l.vatCents));
  const contact =
    d.contactId === null ? undefined : store.get<ContactData>('contact', businessId, d.contactId);
  const bank =
    d.bankAccountId === null
      ? undefined
      : store.get<BankAccountData>('bank_account', businessId, d.bankAccountId);
  const ledger = ref.expenseTypes.find((e) => e.id === d.ledgerAccountId);
  const tax = ref.taxCodes.find((t) => t.id === d.taxRateId);
  return {
    id: r.id,
    contact_id: d.contactId ?? 0,
    contact_name: contact ? (contact.data.company ?? contact.data.name) : '',
    bank_account: bank
      ? {
          id: bank.id,
          account_name: bank.data.accountName,
          $url: `/accounts/v2/bank_accounts/${bank.id}`,
          $key: bank.id,
        }
      : NULL_REF,
    date: d.date,
    ledger_account: ledger ? ledgerView('de', ledger) : NULL_REF,
    multiple_line_items: d.lines.length > 1,
    payment_method: NULL_REF,
    reference: d.reference,
    tax_rate: tax ? refItem(tax) : NULL_REF,
    vat_value: formatCents(vat),
    total: formatCents(total),
    gross_total: formatCents(total + vat),
    $url: `/accounts/v2/expenses/${r.id}`,
    $key: r.id,
  };
}

function readExpense(
  variant: Variant,
  store: RecordStore,
  businessId: number,
  body: FormObject,
  old: ExpenseData | undefined,
): ExpenseData {
  const create = old === undefined;
  const de = variant === 'de';
  const ref = referenceData(variant);
  const f = Fields.forOperation(
    variant,
    create ? 'createExpense' : 'updateExpense',
    body,
    de ? 'expense' : undefined,
  );
  if (!create && Object.keys(de ? (body.expense as FormObject) : body).length === 0)
    f.fail('base', 'Send at least one field to change.');
  f.allow(
    de
      ? [
          'date',
          'contact_id',
          'bank_account_id',
          'ledger_account_id',
          'tax_rate_id',
          'reference',
          'total',
          'vat_value',
        ]
      : ['date', 'total', 'bank_account_id', 'ledger_account_id', 'payment_method_id'],
  );
  const date = f.isoDate('date');
  const total = f.amount('total');
  const bankId = f.int('bank_account_id');
  if (bankId !== undefined && !store.get('bank_account', businessId, bankId))
    f.fail('bank_account_id', `Bank account ${bankId} does not exist.`);
  const ledgerId = f.int('ledger_account_id');
  if (ledgerId !== undefined && !ref.expenseTypes.some((e) => e.id === ledgerId))
    f.fail(
      'ledger_account_id',
      `ledger_account_id ${ledgerId} is not an expense type (see /accounts/v2/expense_types).`,
    );
  const d: ExpenseData = old
    ? { ...old, lines: old.lines.map((l) => ({ ...l })) }
    : {
        date: '',
        contactId: null,
        bankAccountId: null,
        ledgerAccountId: 0,
        taxRateId: null,
        paymentMethodId: null,
        reference: '',
        lines: [{ totalCents: '0', vatCents: '0' }],
      };
  if (date !== undefined) d.date = date;
  if (bankId !== undefined) d.bankAccountId = bankId;
  if (ledgerId !== undefined) d.ledgerAccountId = ledgerId;
  const line = d.lines[0] as { totalCents: string; vatCents: string };
  if (total !== undefined) line.totalCents = String(total);
  if (de) {
    const contactId = f.int('contact_id');
    if (contactId !== undefined && !store.get('contact', businessId, contactId))
      f.fail('contact_id', `Contact ${contactId} does not exist.`);
    else if (contactId !== undefined) d.contactId = contactId;
    const taxId = f.int('tax_rate_id', { oneOf: ref.taxCodes.map((t) => t.id) });
    if (taxId !== undefined) d.taxRateId = taxId;
    else if (create)
      d.taxRateId = ref.expenseTypes.find((e) => e.id === d.ledgerAccountId)?.taxCodeId ?? null;
    const reference = f.str('reference');
    if (reference !== undefined) d.reference = reference;
    const vat = f.amount('vat_value');
    if (vat !== undefined) line.vatCents = String(vat);
    else if (total !== undefined || taxId !== undefined) {
      const rate = ref.taxCodes.find((t) => t.id === d.taxRateId)?.rate ?? 0n;
      line.vatCents = String(taxOnNet(BigInt(line.totalCents), rate));
    }
    if (BigInt(line.totalCents) + BigInt(line.vatCents) > 9_999_999_999n)
      f.fail('total', 'total plus vat_value must be at most 99999999.99.');
  } else {
    const pm = f.int('payment_method_id', { oneOf: ref.paymentMethods.map((p) => p.id) });
    if (pm !== undefined) d.paymentMethodId = pm;
  }
  f.check();
  return d;
}

function dateParam(q: URLSearchParams, name: string, classic: boolean): string {
  const v = q.get(name) as string;
  const iso = parseIsoDate(v);
  if (iso) return iso;
  const dmy = parseDmyDate(v);
  if (dmy && classic) return dmy;
  if (dmy) throw malformed(`${name} uses DD/MM/YYYY: add classic_dates=true, or send YYYY-MM-DD.`);
  throw malformed(`${name} must be a date YYYY-MM-DD (or DD/MM/YYYY with classic_dates=true).`);
}

/** `listExpenses` (date range, classic dates, changed since), `getExpense`, `createExpense`, `updateExpense`, `deleteExpense`. */
export function expenseRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/expenses', (c) => {
    const { variant, business } = c.get('auth');
    const q = new URL(c.req.url).searchParams;
    const paging = readPaging(q);
    const classicRaw = q.get('classic_dates');
    if (classicRaw !== null && classicRaw !== 'true' && classicRaw !== 'false')
      throw malformed('classic_dates must be true or false.');
    const classic = classicRaw === 'true';
    const where: string[] = [];
    const params: string[] = [];
    const hasFrom = q.get('from_date') !== null;
    if (hasFrom !== (q.get('to_date') !== null))
      throw malformed('from_date and to_date must be supplied together.');
    if (hasFrom) {
      where.push("json_extract(data, '$.date') BETWEEN ? AND ?");
      params.push(dateParam(q, 'from_date', classic), dateParam(q, 'to_date', classic));
    }
    const sinceRaw = q.get('updated_or_created_since');
    let changedSince: number | undefined;
    if (sinceRaw !== null) {
      const since = parseSince(sinceRaw);
      if (since === null)
        throw malformed('updated_or_created_since must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ss(+|-)hh:mm.');
      changedSince = since;
    }
    const page = state.store.list<ExpenseData>('expense', business.id, {
      where,
      params,
      ...paging,
      changedSince,
    });
    return c.json(
      envelope(
        page.total,
        paging,
        page.records.map((r) => expenseBody(variant, state.store, business.id, r)),
      ),
    );
  });

  app.get('/accounts/v2/expenses/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Expense');
    const r = state.store.get<ExpenseData>('expense', business.id, id);
    if (!r) throw new RecordNotFoundError(`Expense ${id}`);
    return c.json(expenseBody(variant, state.store, business.id, r));
  });

  app.post('/accounts/v2/expenses', (c) => {
    const { variant, business } = c.get('auth');
    const rec = state.store.transaction(() => {
      const data = readExpense(variant, state.store, business.id, c.get('form'), undefined);
      return state.store.insert('expense', business.id, () => data, state.clock.now());
    });
    return c.json(expenseBody(variant, state.store, business.id, rec), 201);
  });

  app.put('/accounts/v2/expenses/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Expense');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ExpenseData>('expense', business.id, id);
      if (!old) throw new RecordNotFoundError(`Expense ${id}`);
      if (old.data.lines.length > 1)
        throw validationError(
          'base',
          'Only expenses with one line item can be updated (multiple_line_items is true).',
        );
      const data = readExpense(variant, state.store, business.id, c.get('form'), old.data);
      state.store.update('expense', business.id, id, data, state.clock.now());
      return { ...old, data };
    });
    return c.json(expenseBody(variant, state.store, business.id, rec));
  });

  app.delete('/accounts/v2/expenses/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Expense');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ExpenseData>('expense', business.id, id);
      if (!old) throw new RecordNotFoundError(`Expense ${id}`);
      state.store.delete('expense', business.id, id, state.clock.now());
      return old;
    });
    return c.json(expenseBody(variant, state.store, business.id, rec));
  });
}
