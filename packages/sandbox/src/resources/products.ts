import type { Hono } from 'hono';
import type { ProductData } from '../models.js';
import { formatCents } from '../money.js';
import { envelopeJson, readPaging } from '../paging.js';
import type { StoredRecord } from '../record-store.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import type { Schema, Variant } from '../variant.js';
import { idRef, NULL_REF, refItem } from './shared.js';

/** A product in the wire form of its variant. */
export function productBody(
  variant: Variant,
  r: StoredRecord<ProductData>,
): Schema<'de', 'Product'> | Schema<'pt', 'Product'> {
  const d = r.data;
  const ref = referenceData(variant);
  if (variant === 'pt')
    return {
      id: r.id,
      product_code: d.productCode,
      description: d.description,
      sales_price: formatCents(BigInt(d.salesCents)),
      last_cost_price: formatCents(BigInt(d.costCents)),
      sales_price_includes_tax: d.includesTax ? 1 : 0,
      lock_version: d.lockVersion,
      tax_code: idRef(d.taxCodeId),
      ledger_account: idRef(d.ledgerAccountId),
      extra_info: d.extraInfo,
      $key: r.id,
    };
  const ledger = ref.incomeTypes.find((l) => l.id === d.ledgerAccountId);
  const type = ref.ledgerAccountTypes.find((t) => t.id === ledger?.typeId);
  const tax = ref.taxCodes.find((t) => t.id === d.taxCodeId);
  return {
    id: r.id,
    product_code: d.productCode,
    description: d.description,
    ledger_account: ledger
      ? {
          id: ledger.id,
          display_name: ledger.name,
          ledger_account_type: type ? refItem(type) : NULL_REF,
          $key: ledger.id,
        }
      : NULL_REF,
    cost_price: formatCents(BigInt(d.costCents)),
    sales_price: formatCents(BigInt(d.salesCents)),
    unit_type: { $key: 1 },
    tax_rate: tax ? { id: tax.id, name: tax.name, $key: tax.id } : NULL_REF,
    sales_price_includes_tax: d.includesTax,
    notes: d.notes,
    $key: r.id,
  };
}

/** `listProducts`. */
export function productRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/products', (c) => {
    const { variant, business } = c.get('auth');
    const paging = readPaging(new URL(c.req.url).searchParams);
    const page = state.store.listJson<ProductData>('product', business.id, variant, paging, (r) =>
      productBody(variant, r),
    );
    return c.body(envelopeJson(page.total, paging, page.json), 200, { 'Content-Type': 'application/json' });
  });
}
