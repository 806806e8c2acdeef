import { countryById } from '../countries.js';
import type { AddressData, ContactData } from '../models.js';
import { formatPercentage } from '../money.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { Schema, Variant } from '../variant.js';
import { NULL_REF, refItem } from './shared.js';

type AddressBody<V extends Variant> = Schema<V, 'Address'> | Schema<V, 'NullReference'>;

function countryOf(
  variant: Variant,
  a: AddressData,
): Schema<'de', 'Country'> | Schema<'de', 'NullReference'> {
  const k = a.countryId === null ? undefined : countryById(variant, a.countryId);
  return k ? { id: k.id, code: k.code, name: k.name, $key: k.id } : NULL_REF;
}

function addressDe(a: AddressData | null): AddressBody<'de'> {
  if (!a) return NULL_REF;
  return {
    id: a.id,
    street_one: a.streetOne,
    street_two: a.streetTwo,
    town: a.town,
    postcode: a.postcode,
    country: countryOf('de', a),
    $key: a.id,
  };
}

function addressPt(a: AddressData | null): AddressBody<'pt'> {
  if (!a) return NULL_REF;
  return {
    id: a.id,
    street_one: a.streetOne,
    street_two: a.streetTwo,
    town: a.town,
    county: a.county,
    postcode: a.postcode,
    country: countryOf('pt', a),
    $key: a.id,
  };
}

/** The fields both variants' `Contact` share, in wire order. */
function sharedContactFields<V extends Variant>(variant: V, r: StoredRecord<ContactData>) {
  const d = r.data;
  return {
    id: r.id,
    company: d.company,
    contact_types: referenceData(variant)
      .contactTypes.filter((t) => d.contactTypeIds.includes(t.id))
      .map(refItem),
    email: d.email,
    mobile: d.mobile,
    name: d.name,
    notes: d.notes,
    tax_number: d.taxNumber,
    telephone: d.telephone,
  };
}

/** A contact in the wire form of Variant A (the spec's `de` `Contact`). */
function contactBodyDe(r: StoredRecord<ContactData>): Schema<'de', 'Contact'> {
  const d = r.data;
  return {
    ...sharedContactFields('de', r),
    main_address: addressDe(d.mainAddress),
    delivery_address: addressDe(d.deliveryAddress),
    account_number: d.accountNumber,
    tax_authentication_number: d.taxAuthenticationNumber,
    tax_eligible: d.taxEligible,
    editable: d.editable,
    $url: `/accounts/v2/contacts/${r.id}`,
    $key: r.id,
  };
}

/** A contact in the wire form of Variant B (the spec's `pt` `Contact`). */
function contactBodyPt(r: StoredRecord<ContactData>): Schema<'pt', 'Contact'> {
  const d = r.data;
  const w = referenceData('pt').withholdingTaxes.find((x) => x.id === d.withholdingTaxId);
  return {
    ...sharedContactFields('pt', r),
    main_address: addressPt(d.mainAddress),
    delivery_address: addressPt(d.deliveryAddress),
    withholding_tax: w
      ? { id: w.id, name: w.name, percentage: formatPercentage(w.percentage), $key: w.id }
      : NULL_REF,
    $url: `/accounts/v2/contacts/${r.id}`,
    $key: r.id,
  };
}

/** A contact in the wire form of its variant. */
export function contactBody(
  variant: Variant,
  r: StoredRecord<ContactData>,
): Schema<'de', 'Contact'> | Schema<'pt', 'Contact'> {
  return variant === 'de' ? contactBodyDe(r) : contactBodyPt(r);
}
