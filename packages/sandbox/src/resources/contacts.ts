import type { Hono } from 'hono';
import { countryById, countryId } from '../countries.js';
import { Fields } from '../fields.js';
import type { AddressData, ContactData } from '../models.js';
import { formatPercentage } from '../money.js';
import { envelope, readPaging } from '../paging.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { apiError, notFound, validationError } from '../sandbox-error.js';
import type { Variant } from '../variant.js';
import { NULL_REF, pathId, refItem } from './shared.js';

const PT_POSTCODE = /^\d{4}-\d{3}$/;

function addressBody(variant: Variant, a: AddressData | null): object {
  if (!a) return NULL_REF;
  const k = a.countryId === null ? undefined : countryById(variant, a.countryId);
  const country = k ? { id: k.id, code: k.code, name: k.name, $key: k.id } : NULL_REF;
  return variant === 'de'
    ? {
        id: a.id,
        street_one: a.streetOne,
        street_two: a.streetTwo,
        town: a.town,
        postcode: a.postcode,
        country,
        $key: a.id,
      }
    : {
        id: a.id,
        street_one: a.streetOne,
        street_two: a.streetTwo,
        town: a.town,
        county: a.county,
        postcode: a.postcode,
        country,
        $key: a.id,
      };
}

/** A contact in the wire form of its variant. */
export function contactBody(variant: Variant, r: StoredRecord<ContactData>): object {
  const d = r.data;
  const ref = referenceData(variant);
  const common = {
    id: r.id,
    company: d.company,
    contact_types: ref.contactTypes.filter((t) => d.contactTypeIds.includes(t.id)).map(refItem),
    email: d.email,
    mobile: d.mobile,
    name: d.name,
    notes: d.notes,
    tax_number: d.taxNumber,
    telephone: d.telephone,
    main_address: addressBody(variant, d.mainAddress),
    delivery_address: addressBody(variant, d.deliveryAddress),
  };
  if (variant === 'de')
    return {
      ...common,
      account_number: d.accountNumber,
      tax_authentication_number: d.taxAuthenticationNumber,
      tax_eligible: d.taxEligible,
      editable: d.editable,
      $url: `/accounts/v2/contacts/${r.id}`,
      $key: r.id,
    };
  const w = ref.withholdingTaxes.find((x) => x.id === d.withholdingTaxId);
  return {
    ...common,
    withholding_tax: w
      ? { id: w.id, name: w.name, percentage: formatPercentage(w.percentage), $key: w.id }
      : NULL_REF,
    $url: `/accounts/v2/contacts/${r.id}`,
    $key: r.id,
  };
}

function readAddress(
  variant: Variant,
  f: Fields,
  name: string,
  id: number,
  old: AddressData | null,
): AddressData | null | undefined {
  const g = f.group(name);
  if (!g) return undefined;
  const de = variant === 'de';
  g.allow(
    de
      ? ['line_1', 'line_2', 'line_3', 'town', 'county', 'postcode', 'country_id']
      : ['street_one', 'street_two', 'town', 'county', 'postcode', 'country_id'],
  );
  const one = g.str(de ? 'line_1' : 'street_one', { max: 50 });
  const two = g.str(de ? 'line_2' : 'street_two', { max: 50 });
  const line3 = de ? g.str('line_3', { max: 50 }) : undefined;
  const town = g.str('town', { max: 50 });
  const county = g.str('county', { max: 50 });
  const postcode = g.str('postcode', de ? { max: 10 } : {});
  const cid = g.int('country_id');
  if (cid !== undefined && !countryById(variant, cid))
    g.fail(name, `${name}: country_id ${cid} does not exist.`);
  const base: AddressData = old ?? {
    id,
    streetOne: '',
    streetTwo: '',
    town: '',
    county: '',
    postcode: '',
    countryId: countryId(de ? 'DE' : 'PT'),
  };
  const a: AddressData = {
    id: base.id,
    streetOne: one ?? base.streetOne,
    streetTwo: two ?? base.streetTwo,
    // The interface's example sends the town as line_3; it is used when town is absent.
    town: town ?? line3 ?? base.town,
    county: county ?? base.county,
    postcode: postcode ?? base.postcode,
    countryId: cid ?? base.countryId,
  };
  if (!de && postcode !== undefined && a.countryId === countryId('PT') && !PT_POSTCODE.test(a.postcode))
    g.fail(name, `${name}: postcode must have the format 0000-000 for Portuguese addresses.`);
  return a;
}

function readContact(
  variant: Variant,
  f: Fields,
  old: StoredRecord<ContactData> | undefined,
  nextId: number,
): Partial<ContactData> {
  const create = old === undefined;
  const de = variant === 'de';
  const ref = referenceData(variant);
  const allowed = de
    ? [
        'contact_type_id',
        'company',
        'name',
        'email',
        'mobile',
        'telephone',
        'notes',
        'tax_number',
        'tax_rate_id',
        'main_address',
        'delivery_address',
        ...(create ? ['account_number', 'tax_authentication_number', 'tax_eligible'] : []),
      ]
    : [
        'name',
        'company_name',
        'contact_type_id',
        'email',
        'telephone',
        'mobile',
        'notes',
        'tax_number',
        'main_address',
        'delivery_address',
        'withholding_tax_id',
      ];
  f.allow(allowed);
  const out: Partial<ContactData> = {};
  const type = f.int('contact_type_id', { required: create, oneOf: [1, 2] });
  if (type !== undefined) out.contactTypeIds = [type];
  const name = f.str('name', { max: 50, required: create && !de });
  if (name !== undefined && !de && name.trim() === '') f.fail('name', 'name must not be empty.');
  if (name !== undefined) out.name = name;
  const company = f.str(de ? 'company' : 'company_name', { max: 50 });
  if (company !== undefined) out.company = company;
  if (de && create && !name && !company && !f.has('name') && !f.has('company'))
    f.fail('company', 'Company or name must be supplied.');
  for (const [field, key, max] of [
    ['email', 'email', 100],
    ['mobile', 'mobile', 50],
    ['telephone', 'telephone', 50],
    ['notes', 'notes', 500],
  ] as const) {
    const v = f.str(field, { max, email: field === 'email' });
    if (v !== undefined) out[key] = v;
  }
  const tax = f.str('tax_number', de ? { max: 14 } : { max: 50 });
  if (tax !== undefined) out.taxNumber = tax;
  if (de) {
    f.int('tax_rate_id', { oneOf: ref.taxCodes.map((t) => t.id) });
    const acct = f.int('account_number');
    if (acct !== undefined) out.accountNumber = acct;
    const tan = f.str('tax_authentication_number', { max: 50 });
    if (tan !== undefined) out.taxAuthenticationNumber = tan;
    const elig = f.bool('tax_eligible');
    if (elig !== undefined) out.taxEligible = elig;
  } else {
    const w = f.str('withholding_tax_id');
    if (w !== undefined) {
      if (w === '') out.withholdingTaxId = null;
      else if (!ref.withholdingTaxes.some((x) => String(x.id) === w))
        f.fail('withholding_tax_id', `withholding_tax_id '${w}' does not exist.`);
      else out.withholdingTaxId = Number(w);
    }
  }
  const id = old?.id ?? nextId;
  const main = readAddress(variant, f, 'main_address', id * 10 + 1, old?.data.mainAddress ?? null);
  if (main !== undefined) out.mainAddress = main;
  const delivery = readAddress(
    variant,
    f,
    'delivery_address',
    id * 10 + 2,
    old?.data.deliveryAddress ?? null,
  );
  if (delivery !== undefined) out.deliveryAddress = delivery;
  return out;
}

/** `listContacts`, `getContact`, `createContact`, `updateContact`, `deleteContact`. */
export function contactRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/contacts', (c) => {
    const { variant, business } = c.get('auth');
    const q = new URL(c.req.url).searchParams;
    const paging = readPaging(q);
    const where: string[] = [];
    const params: (string | number)[] = [];
    const type = q.get('contact_type');
    if (type !== null) {
      if (type !== '1' && type !== '2')
        throw apiError('invalid_request', 'contact_type must be 1 (customers) or 2 (suppliers).');
      where.push("EXISTS (SELECT 1 FROM json_each(data, '$.contactTypeIds') WHERE value = ?)");
      params.push(Number(type));
    }
    const exact = variant === 'de' ? (['email', 'telephone', 'mobile'] as const) : (['email'] as const);
    for (const field of exact) {
      const v = q.get(field);
      if (v !== null) {
        where.push(`lower(json_extract(data, '$.${field}')) = lower(?)`);
        params.push(v);
      }
    }
    if (variant === 'de') {
      const notes = q.get('notes');
      if (notes !== null) {
        where.push("instr(lower(json_extract(data, '$.notes')), lower(?)) > 0");
        params.push(notes);
      }
      const tax = q.get('tax_number');
      if (tax !== null) {
        where.push("json_extract(data, '$.taxAuthenticationNumber') = ?");
        params.push(tax);
      }
    }
    const search = q.get('search');
    if (search !== null) {
      where.push(
        "(instr(lower(json_extract(data, '$.name')), lower(?)) > 0 OR instr(lower(coalesce(json_extract(data, '$.company'), '')), lower(?)) > 0)",
      );
      params.push(search, search);
    }
    const page = state.store.list<ContactData>('contact', business.id, { where, params, ...paging });
    return c.json(
      envelope(
        page.total,
        paging,
        page.records.map((r) => contactBody(variant, r)),
      ),
    );
  });

  app.get('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const r = state.store.get<ContactData>('contact', business.id, id);
    if (!r) throw notFound(`Contact ${id}`);
    return c.json(contactBody(variant, r));
  });

  app.post('/accounts/v2/contacts', (c) => {
    const { variant, business } = c.get('auth');
    const f = new Fields(Fields.wrapper(c.get('form'), 'contact'));
    const rec = state.store.transaction(() => {
      const input = readContact(variant, f, undefined, 0);
      f.check();
      const type = input.contactTypeIds?.[0] ?? 1;
      return state.store.insert<ContactData>(
        'contact',
        business.id,
        (id) => ({
          contactTypeIds: [type],
          name: input.name ?? '',
          company: input.company ?? null,
          email: input.email ?? '',
          mobile: input.mobile ?? '',
          telephone: input.telephone ?? '',
          notes: input.notes ?? '',
          taxNumber: input.taxNumber ?? '',
          mainAddress: input.mainAddress ? { ...input.mainAddress, id: id * 10 + 1 } : null,
          deliveryAddress: input.deliveryAddress ? { ...input.deliveryAddress, id: id * 10 + 2 } : null,
          accountNumber: input.accountNumber ?? (type === 1 ? 10_000 : 70_000) + id,
          taxAuthenticationNumber: input.taxAuthenticationNumber ?? '',
          taxEligible: variant === 'de' ? (input.taxEligible ?? null) : null,
          editable: true,
          withholdingTaxId: input.withholdingTaxId ?? null,
        }),
        state.clock.now(),
      );
    });
    return c.json(contactBody(variant, rec), 201);
  });

  app.put('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const body = Fields.wrapper(c.get('form'), 'contact');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ContactData>('contact', business.id, id);
      if (!old) throw notFound(`Contact ${id}`);
      if (variant === 'de' && !old.data.editable)
        throw validationError('base', 'This contact is not editable (editable is false).');
      const f = new Fields(body);
      if (Object.keys(body).length === 0) f.fail('base', 'Send at least one contact[field].');
      const input = readContact(variant, f, old, id);
      f.check();
      const data: ContactData = { ...old.data, ...input };
      if (variant === 'de' && data.name === '' && (data.company ?? '') === '')
        throw validationError('company', 'Company or name must be supplied.');
      state.store.update('contact', business.id, id, data, state.clock.now());
      return { ...old, data };
    });
    return c.json(contactBody(variant, rec));
  });

  app.delete('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ContactData>('contact', business.id, id);
      if (!old) throw notFound(`Contact ${id}`);
      if (
        state.store.isReferenced('expense', business.id, 'contactId', id) ||
        state.store.isReferenced('income', business.id, 'contactId', id)
      )
        throw validationError('base', 'This contact is used by expenses or incomes and cannot be deleted.');
      state.store.delete('contact', business.id, id, state.clock.now());
      return old;
    });
    return c.json(contactBody(variant, rec));
  });
}
