import { countryById } from '../countries.js';
import type { AddressData, ContactData } from '../models.js';
import { formatPercentage } from '../money.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { Variant } from '../variant.js';
import { NULL_REF, refItem } from './shared.js';

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
