import type { Context } from 'hono';
import type { BankAccountData } from '../models.js';
import type { LedgerAccountItem, RefItem } from '../reference-data.js';
import { referenceData } from '../reference-data.js';
import type { SandboxEnv } from '../sandbox-env.js';
import { RecordNotFoundError } from '../sandbox-error.js';
import type { Schema, Variant } from '../variant.js';

/** A missing related object: `{ "$key": null }`. */
export const NULL_REF = { $key: null } as const;

/** A reference item with `$key`, keeping the spec's id and symbol types. */
export function refItem<T extends RefItem>(
  item: T,
): { id: T['id']; name: string; $symbol: T['$symbol']; $key: number } {
  return { id: item.id, name: item.name, $symbol: item.$symbol, $key: item.id };
}

/** `{ id, $key }` or the null reference. */
export function idRef(id: number | null | undefined): { id: number; $key: number } | typeof NULL_REF {
  return id === null || id === undefined ? NULL_REF : { id, $key: id };
}

/** Parses an integer path id; anything else is a 404 for `what`. */
export function pathId(c: Context<SandboxEnv>, what: string): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new RecordNotFoundError(`${what} '${raw}'`);
  return Number(raw);
}

/** Variant A ledger account view (expense types, bank and expense ledger accounts). */
export function ledgerView(variant: Variant, item: LedgerAccountItem): Schema<'de', 'LedgerAccount'> {
  const ref = referenceData(variant);
  const tax = ref.taxCodes.find((t) => t.id === item.taxCodeId);
  const type = ref.ledgerAccountTypes.find((t) => t.id === item.typeId);
  return {
    id: item.id,
    display_name: item.name,
    nominal_code: item.nominalCode,
    tax_code: tax ? refItem(tax) : NULL_REF,
    ledger_account_type: type ? refItem(type) : NULL_REF,
    vat_changeable: item.vatChangeable,
    $url: `/accounts/v2/ledger_accounts/${item.id}`,
    $key: item.id,
  };
}

/** The ledger account behind a bank account. */
export function bankLedger(bank: BankAccountData): LedgerAccountItem {
  return {
    id: bank.ledgerAccountId,
    name: bank.accountName,
    nominalCode: bank.nominalCode,
    taxCodeId: null,
    typeId: 1,
    vatChangeable: false,
  };
}

/** Every ledger account of a variant that is not a bank account: expense and income types. */
export function staticLedger(variant: Variant, id: number): LedgerAccountItem | undefined {
  const ref = referenceData(variant);
  return ref.expenseTypes.find((e) => e.id === id) ?? ref.incomeTypes.find((e) => e.id === id);
}
