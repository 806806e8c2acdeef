import { isoToDmy, parseDmyDate } from '@acctkit/openapi/formats';
import type { Hono } from 'hono';
import { Fields } from '../fields.js';
import type { BankAccountData, IncomeData } from '../models.js';
import { formatCents, formatPercentage, MAX_AMOUNT_CENTS, taxInGross, taxOnNet } from '../money.js';
import { envelope, readPaging } from '../paging.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { malformed, RecordNotFoundError } from '../sandbox-error.js';
import type { AnySchema } from '../variant.js';
import { idRef, pathId } from './shared.js';

/** An income (same shape in both variants; dates `dd/mm/yyyy`). */
export function incomeBody(r: StoredRecord<IncomeData>): AnySchema<'Income'> {
  const d = r.data;
  const [y, m] = d.date.split('-').map(Number) as [number, number];
  return {
    id: r.id,
    date: isoToDmy(d.date),
    invoice_date: d.invoiceDate ? isoToDmy(d.invoiceDate) : '',
    amount: formatCents(BigInt(d.amountCents)),
    tax_amount: formatCents(BigInt(d.taxCents)),
    gross_amount: formatCents(BigInt(d.grossCents)),
    tax_percentage_rate: formatPercentage(BigInt(d.rate)),
    tax_code: idRef(d.taxCodeId),
    tax_scheme_period_id: y * 10 + Math.ceil(m / 3),
    reference: d.reference,
    contact: idRef(d.contactId),
    source: idRef(d.sourceId),
    destination: idRef(d.destinationId),
    payment_method: idRef(d.paymentMethodId),
    voided: d.voided,
    lock_version: d.lockVersion,
    $key: r.id,
  };
}

function dmyParam(q: URLSearchParams, name: string): string {
  const v = q.get(name);
  if (v === null) throw malformed('from_date and to_date (dd/mm/yyyy) must both be supplied.');
  const iso = parseDmyDate(v);
  if (!iso) throw malformed(`${name} must be a date dd/mm/yyyy.`);
  return iso;
}

/** `listIncomes` (dd/mm/yyyy range), `getIncome`, `createIncome` (exact totals). */
export function incomeRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/incomes', (c) => {
    const { business } = c.get('auth');
    const q = new URL(c.req.url).searchParams;
    const paging = readPaging(q);
    const from = dmyParam(q, 'from_date');
    const to = dmyParam(q, 'to_date');
    const page = state.store.list<IncomeData>('income', business.id, {
      where: ["json_extract(data, '$.date') BETWEEN ? AND ?"],
      params: [from, to],
      ...paging,
    });
    return c.json(envelope(page.total, paging, page.records.map(incomeBody)));
  });

  app.get('/accounts/v2/incomes/:id', (c) => {
    const { business } = c.get('auth');
    const id = pathId(c, 'Income');
    const r = state.store.get<IncomeData>('income', business.id, id);
    if (!r) throw new RecordNotFoundError(`Income ${id}`);
    return c.json(incomeBody(r));
  });

  app.post('/accounts/v2/incomes', (c) => {
    const { variant, business } = c.get('auth');
    const ref = referenceData(variant);
    const f = Fields.forOperation(variant, 'createIncome', c.get('form'), 'income');
    f.allow([
      'date',
      'amount',
      'tax_amount',
      'tax_percentage_rate',
      'tax_code_id',
      'source_id',
      'destination_id',
      'payment_method_id',
      'invoice_date',
      'reference',
      'contact_id',
      'is_tax_included',
    ]);
    const rec = state.store.transaction(() => {
      const date = f.dmyDate('date');
      const amount = f.amount('amount');
      const taxAmount = f.amount('tax_amount');
      const rateIn = f.percentage('tax_percentage_rate');
      const taxCodeId = f.int('tax_code_id', { oneOf: ref.taxCodes.map((t) => t.id) });
      const sourceId = f.int('source_id');
      const source = ref.incomeTypes.find((t) => t.id === sourceId);
      if (sourceId !== undefined && !source)
        f.fail('source_id', `source_id ${sourceId} is not an income type (see /accounts/v2/income_types).`);
      const destinationId = f.int('destination_id');
      if (destinationId !== undefined) {
        const banks = state.store.list<BankAccountData>('bank_account', business.id, {
          startIndex: 0,
          itemsPerPage: 1000,
        }).records;
        if (!banks.some((b) => b.data.ledgerAccountId === destinationId))
          f.fail(
            'destination_id',
            `destination_id ${destinationId} is not the ledger account of a bank account of this business.`,
          );
      }
      const paymentMethodId = f.int('payment_method_id', { oneOf: ref.paymentMethods.map((p) => p.id) });
      const invoiceDate = f.dmyDate('invoice_date');
      const reference = f.str('reference');
      const contactId = f.int('contact_id');
      if (contactId !== undefined && !state.store.get('contact', business.id, contactId))
        f.fail('contact_id', `Contact ${contactId} does not exist.`);
      const included = f.bool('is_tax_included') ?? false;
      if (amount !== undefined && amount < 0n) f.fail('amount', 'amount must not be negative.');
      if (taxAmount !== undefined && taxAmount < 0n) f.fail('tax_amount', 'tax_amount must not be negative.');
      f.check();
      const code = ref.taxCodes.find((t) => t.id === (taxCodeId ?? source?.taxCodeId));
      const rate = rateIn ?? code?.rate ?? 0n;
      const a = amount as bigint;
      const computed = included ? taxInGross(a, rate) : taxOnNet(a, rate);
      const tax = taxAmount ?? computed;
      if (
        taxAmount !== undefined &&
        (rateIn !== undefined || code) &&
        (taxAmount - computed > 1n || computed - taxAmount > 1n)
      )
        f.fail(
          'tax_amount',
          `tax_amount ${formatCents(taxAmount)} does not match ${formatPercentage(rate)} % of the amount (expected ${formatCents(computed)}).`,
        );
      const net = included ? a - tax : a;
      const gross = included ? a : a + tax;
      if (net < 0n) f.fail('tax_amount', 'tax_amount is larger than the gross amount.');
      if (gross > MAX_AMOUNT_CENTS)
        f.fail('amount', 'The gross amount (amount plus tax) must be at most 99999999.99.');
      f.check();
      return state.store.insert<IncomeData>(
        'income',
        business.id,
        () => ({
          date: date as string,
          invoiceDate: invoiceDate ?? null,
          amountCents: String(net),
          taxCents: String(tax),
          grossCents: String(gross),
          rate: String(rate),
          taxCodeId: code?.id ?? null,
          reference: reference ?? '',
          contactId: contactId ?? null,
          sourceId: sourceId as number,
          destinationId: destinationId as number,
          paymentMethodId: paymentMethodId as number,
          voided: false,
          lockVersion: 0,
        }),
        state.clock.now(),
      );
    });
    return c.json(incomeBody(rec), 201);
  });
}
