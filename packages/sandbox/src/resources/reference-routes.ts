import type { Hono } from 'hono';
import { countries, countryById } from '../countries.js';
import { referenceEnvelope } from '../paging.js';
import {
  type LedgerAccountItem,
  type ReferenceData,
  type RefItem,
  referenceData,
} from '../reference-data.js';
import type { SandboxEnv } from '../sandbox-env.js';
import { RecordNotFoundError } from '../sandbox-error.js';
import type { AnySchema } from '../variant.js';
import { ledgerView, NULL_REF, pathId, refItem } from './shared.js';

/** GET of one reference item by id, 404 when the variant has no such item. */
function lookup(
  app: Hono<SandboxEnv>,
  path: string,
  label: string,
  list: (ref: ReferenceData) => readonly RefItem[],
): void {
  app.get(path, (c) => {
    const id = pathId(c, label);
    const item = list(referenceData(c.get('auth').variant)).find((a) => a.id === id);
    if (!item) throw new RecordNotFoundError(`${label} ${id}`);
    return c.json(refItem(item));
  });
}

/** An income type, or a Variant B expense type: the ledger account with its tax code as `{ id, name, $key }`. */
function taxedType(ref: ReferenceData, e: LedgerAccountItem): AnySchema<'IncomeType'> {
  const tax = ref.taxCodes.find((t) => t.id === e.taxCodeId);
  return {
    id: e.id,
    name: e.name,
    nominal_code: e.nominalCode,
    tax_code: tax ? { id: tax.id, name: tax.name, $key: tax.id } : NULL_REF,
    $key: e.id,
  };
}

/**
 * Reference lists (every item in one page) and their lookups: account types, artefact statuses,
 * contact types, countries, expense types, income types; and the financial settings.
 */
export function referenceRoutes(app: Hono<SandboxEnv>): void {
  app.get('/accounts/v2/account_types', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).accountTypes.map(refItem))),
  );
  lookup(app, '/accounts/v2/account_types/:id', 'Account type', (ref) => ref.accountTypes);
  app.get('/accounts/v2/artefact_statuses', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).artefactStatuses.map(refItem))),
  );
  app.get('/accounts/v2/contact_types', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).contactTypes.map(refItem))),
  );
  lookup(app, '/accounts/v2/contact_types/:id', 'Contact type', (ref) => ref.contactTypes);
  app.get('/accounts/v2/countries', (c) =>
    c.json(
      referenceEnvelope(
        countries(c.get('auth').variant).map((k) => ({ id: k.id, code: k.code, name: k.name, $key: k.id })),
      ),
    ),
  );
  app.get('/accounts/v2/countries/:id', (c) => {
    const id = pathId(c, 'Country');
    const k = countryById(c.get('auth').variant, id);
    if (!k) throw new RecordNotFoundError(`Country ${id}`);
    const body: AnySchema<'Country'> = { id: k.id, code: k.code, name: k.name, $key: k.id };
    return c.json(body);
  });
  app.get('/accounts/v2/expense_types', (c) => {
    const variant = c.get('auth').variant;
    const ref = referenceData(variant);
    const items =
      variant === 'de'
        ? ref.expenseTypes.map((e) => ledgerView(variant, e))
        : ref.expenseTypes.map((e) => taxedType(ref, e));
    return c.json(referenceEnvelope<AnySchema<'ExpenseType'>>(items));
  });
  app.get('/accounts/v2/income_types', (c) => {
    const ref = referenceData(c.get('auth').variant);
    return c.json(referenceEnvelope(ref.incomeTypes.map((e) => taxedType(ref, e))));
  });
  app.get('/accounts/v2/financial_settings', (c) => {
    const { variant, business } = c.get('auth');
    const ref = referenceData(variant);
    const body: AnySchema<'FinancialSettings'> = {
      financial_year_end_date: business.data.financialYearEnd,
      coa_template: ref.coaTemplate,
      tax_submission_frequency_type: refItem(ref.taxSubmissionFrequency),
      tax_scheme: refItem(ref.taxScheme),
      tax_number: business.data.taxNumber,
      $key: business.id,
    };
    return c.json(body);
  });
}
