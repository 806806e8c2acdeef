import { createHash } from 'node:crypto';
import { makeIban } from '../iban.js';
import type { Variant } from '../variant.js';

/** Bank codes and BICs the counterparties of each variant's demo business bank with. */
const BANKS: Record<Variant, readonly (readonly [code: string, bic: string])[]> = {
  de: [
    ['10010010', 'PBNKDEFFXXX'],
    ['20050550', 'HASPDEHHXXX'],
    ['37040044', 'COBADEFFXXX'],
    ['50010517', 'INGDDEFFXXX'],
    ['70150000', 'SSKMDEMMXXX'],
    ['12030000', 'BYLADEM1001'],
  ],
  pt: [
    ['0035', 'CGDIPTPL'],
    ['0033', 'BCOMPTPL'],
    ['0010', 'BBPIPTPL'],
    ['0007', 'BNIFPTPL'],
    ['0018', 'TOTAPTPL'],
  ],
};

/** A number from the SHA-256 of `key` (60 bits): the same key gives the same number on every run. */
export function stableNumber(key: string): bigint {
  return BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 15)}`);
}

/** The account a counterparty pays from and is paid to. */
export interface CounterpartyAccount {
  readonly iban: string;
  readonly bic: string;
}

/** Portuguese NIB check digits of bank, branch and account (ISO 7064 MOD 97-10, as the IBAN's). */
function nibCheck(digits: string): string {
  let rest = 0;
  for (const d of `${digits}00`) rest = (rest * 10 + Number(d)) % 97;
  return String(98 - rest).padStart(2, '0');
}

/**
 * The account a contact's payments come from and go to: contacts hold no IBAN in either variant
 * (DECISIONS RC8), but a bank line of a SEPA transfer always names the other account. Derived from
 * the business and contact ids, so the same contact has the same valid IBAN in every export, as a
 * real customer has.
 */
export function counterpartyAccount(
  variant: Variant,
  businessId: number,
  contactId: number,
): CounterpartyAccount {
  const n = stableNumber(`counterparty:${businessId}:${contactId}`);
  const banks = BANKS[variant];
  const [code, bic] = banks[Number(n % BigInt(banks.length))] as readonly [string, string];
  if (variant === 'de')
    return { iban: makeIban('DE', `${code}${String(n % 10_000_000_000n).padStart(10, '0')}`), bic };
  const nib = `${code}${String((n / 7n) % 10_000n).padStart(4, '0')}${String(n % 100_000_000_000n).padStart(11, '0')}`;
  return { iban: makeIban('PT', `${nib}${nibCheck(nib)}`), bic };
}
