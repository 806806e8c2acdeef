import { countryById, countryId } from '../countries.js';
import type { Fields } from '../fields.js';
import type { AddressData, ContactData } from '../models.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { Variant } from '../variant.js';

/** A Portuguese postcode: 0000-000. */
const PT_POSTCODE = /^\d{4}-\d{3}$/;

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
  const one = g.str(de ? 'line_1' : 'street_one');
  const two = g.str(de ? 'line_2' : 'street_two');
  const line3 = de ? g.str('line_3') : undefined;
  const town = g.str('town');
  const county = g.str('county');
  const postcode = g.str('postcode');
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

/**
 * Reads and checks the `contact[...]` fields of a create (`old` undefined) or update in the wire form
 * of the variant; problems are collected in `f` (call `f.check()` after).
 */
export function readContact(
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
  const type = f.int('contact_type_id');
  if (type !== undefined) out.contactTypeIds = [type];
  const name = f.str('name');
  if (name !== undefined && !de && name.trim() === '') f.fail('name', 'name must not be empty.');
  if (name !== undefined) out.name = name;
  const company = f.str(de ? 'company' : 'company_name');
  if (company !== undefined) out.company = company;
  if (de && create && !name && !company && !f.has('name') && !f.has('company'))
    f.fail('company', 'Company or name must be supplied.');
  for (const field of ['email', 'mobile', 'telephone', 'notes'] as const) {
    const v = f.str(field, { email: field === 'email' });
    if (v !== undefined) out[field] = v;
  }
  const tax = f.str('tax_number');
  if (tax !== undefined) out.taxNumber = tax;
  if (de) {
    f.int('tax_rate_id', { oneOf: ref.taxCodes.map((t) => t.id) });
    const acct = f.int('account_number');
    if (acct !== undefined) out.accountNumber = acct;
    const tan = f.str('tax_authentication_number');
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
