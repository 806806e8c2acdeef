import type { Hono } from 'hono';
import { countries, countryById } from '../countries.js';
import { referenceEnvelope } from '../paging.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv } from '../sandbox-env.js';
import { notFound } from '../sandbox-error.js';
import { ledgerView, NULL_REF, pathId, refItem } from './shared.js';

/**
 * Reference lists (every item in one page) and their lookups: account types, artefact statuses,
 * contact types, countries, expense types, income types; and the financial settings.
 */
export function referenceRoutes(app: Hono<SandboxEnv>): void {
  app.get('/accounts/v2/account_types', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).accountTypes.map(refItem))),
  );
  app.get('/accounts/v2/account_types/:id', (c) => {
    const id = pathId(c, 'Account type');
    const item = referenceData(c.get('auth').variant).accountTypes.find((a) => a.id === id);
    if (!item) throw notFound(`Account type ${id}`);
    return c.json(refItem(item));
  });
  app.get('/accounts/v2/artefact_statuses', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).artefactStatuses.map(refItem))),
  );
  app.get('/accounts/v2/contact_types', (c) =>
    c.json(referenceEnvelope(referenceData(c.get('auth').variant).contactTypes.map(refItem))),
  );
  app.get('/accounts/v2/contact_types/:id', (c) => {
    const id = pathId(c, 'Contact type');
    const item = referenceData(c.get('auth').variant).contactTypes.find((a) => a.id === id);
    if (!item) throw notFound(`Contact type ${id}`);
    return c.json(refItem(item));
  });
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
    if (!k) throw notFound(`Country ${id}`);
    return c.json({ id: k.id, code: k.code, name: k.name, $key: k.id });
  });
  app.get('/accounts/v2/expense_types', (c) => {
    const variant = c.get('auth').variant;
    const ref = referenceData(variant);
    const items =
      variant === 'de'
        ? ref.expenseTypes.map((e) => ledgerView(variant, e))
        : ref.expenseTypes.map((e) => {
            const tax = ref.taxCodes.find((t) => t.id === e.taxCodeId);
            return {
              id: e.id,
              name: e.name,
              nominal_code: e.nominalCode,
              tax_code: tax ? { id: tax.id, name: tax.name, $key: tax.id } : NULL_REF,
              $key: e.id,
            };
          });
    return c.json(referenceEnvelope<object>(items));
  });
  app.get('/accounts/v2/income_types', (c) => {
    const ref = referenceData(c.get('auth').variant);
    return c.json(
      referenceEnvelope(
        ref.incomeTypes.map((e) => {
          const tax = ref.taxCodes.find((t) => t.id === e.taxCodeId);
          return {
            id: e.id,
            name: e.name,
            nominal_code: e.nominalCode,
            tax_code: tax ? { id: tax.id, name: tax.name, $key: tax.id } : NULL_REF,
            $key: e.id,
          };
        }),
      ),
    );
  });
  app.get('/accounts/v2/financial_settings', (c) => {
    const { variant, business } = c.get('auth');
    const ref = referenceData(variant);
    return c.json({
      financial_year_end_date: business.data.financialYearEnd,
      coa_template: ref.coaTemplate,
      tax_submission_frequency_type: refItem(ref.taxSubmissionFrequency),
      tax_scheme: refItem(ref.taxScheme),
      tax_number: business.data.taxNumber,
      $key: business.id,
    });
  });
}
