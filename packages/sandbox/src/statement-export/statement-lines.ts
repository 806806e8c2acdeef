import type { StatementLine } from '@acctkit/reconcile';
import type { Business } from '../directory.js';
import type { ContactData } from '../models.js';
import { formatCents } from '../money.js';
import type { RecordStore } from '../record-store.js';
import { seededRandom } from '../seeded-random.js';
import type { Variant } from '../variant.js';
import type { Movement } from './account-movements.js';
import { counterpartyAccount, stableNumber } from './counterparty-account.js';

/** The bank's wording of each kind of line, per variant: booking text, GVC, SWIFT type, remittance words. */
const WORDING = {
  de: {
    received: { bookingText: 'GUTSCHR. UEBERWEISUNG', gvc: '166', transactionCode: 'NTRF' },
    paid: { bookingText: 'UEBERWEISUNG', gvc: '116', transactionCode: 'NTRF' },
    card: { bookingText: 'KARTENZAHLUNG', gvc: '106', transactionCode: 'NMSC' },
    fee: { bookingText: 'ENTGELTABSCHLUSS', gvc: '805', transactionCode: 'NCHG' },
    invoice: 'Rechnung',
    payment: 'Zahlung',
    feeText: 'Entgelt Kontoführung',
    advance: 'Anzahlung Auftrag',
    cardText: 'Kartenzahlung girocard',
    merchants: ['Tankstelle am Ring GmbH', 'Bürobedarf Schäfer', 'Café Lindenhof', 'Baumarkt Nord'],
  },
  pt: {
    received: { bookingText: 'TRF RECEBIDA', gvc: '166', transactionCode: 'NTRF' },
    paid: { bookingText: 'TRF EMITIDA', gvc: '116', transactionCode: 'NTRF' },
    card: { bookingText: 'COMPRA CARTAO', gvc: '106', transactionCode: 'NMSC' },
    fee: { bookingText: 'COMISSAO', gvc: '805', transactionCode: 'NCHG' },
    invoice: 'Fatura',
    payment: 'Pagamento',
    feeText: 'Comissão de manutenção de conta',
    advance: 'Adiantamento encomenda',
    cardText: 'Compra com cartão',
    merchants: ['Galp Energia', 'Papelaria Central Lda', 'Pastelaria Lusitana', 'Continente Modelo'],
  },
} as const satisfies Record<Variant, unknown>;

/** The bank's own reference of a line: 16 characters from its identity, the same in every export. */
const bankReference = (key: string): string =>
  `SBX${stableNumber(`bank-reference:${key}`).toString(36).toUpperCase().padStart(13, '0').slice(-13)}`;

const line = (date: string, cents: bigint, more: Partial<StatementLine>): StatementLine => ({
  line: '',
  bookingDate: date,
  valueDate: date,
  amount: formatCents(cents),
  currency: 'EUR',
  ...more,
});

/**
 * The bank line of a booked expense or income: its gross amount and date; the contact's name (the
 * company when there is one) and the account derived for it; the reference as end-to-end id and in
 * the remittance (`Rechnung RE-2025-0001`, `Fatura FR 2025/1`).
 */
export function bookedLine(
  store: RecordStore,
  business: Business,
  accountId: number,
  m: Movement,
): StatementLine {
  const words = WORDING[business.country];
  const contact =
    m.contactId === null ? undefined : store.get<ContactData>('contact', business.id, m.contactId);
  const party = contact && counterpartyAccount(business.country, business.id, contact.id);
  const reference = m.reference.trim();
  return line(m.date, m.cents, {
    ...(contact ? { counterpartyName: contact.data.company ?? contact.data.name } : {}),
    ...(party ? { counterpartyIban: party.iban, counterpartyBic: party.bic } : {}),
    remittance: reference === '' ? words.payment : `${words.invoice} ${reference}`,
    ...(reference === '' ? {} : { endToEndId: reference.slice(0, 35) }),
    bankReference: bankReference(`${business.id}:${accountId}:${m.kind}:${m.id}`),
    ...(m.kind === 'income' ? words.received : contact ? words.paid : words.card),
  });
}

/** An ISO date as days since 1970-01-01, and back. */
const dayOf = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const isoOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The lines the books lack, derived from the business, account and period (the same request gives
 * the same lines): a card purchase at a merchant, a customer's advance payment with no income
 * behind it, and the bank's account fee on the last day. Their amounts differ from every record of
 * the account, so none of them can match one.
 *
 * @param customer - The customer contact who paid, or `undefined` when the business has none.
 * @param taken - Gross cents of every record of the account, which the amounts must avoid.
 */
export function bankOnlyLines(
  business: Business,
  accountId: number,
  from: string,
  to: string,
  customer: { id: number; data: ContactData } | undefined,
  taken: ReadonlySet<bigint>,
): StatementLine[] {
  const words = WORDING[business.country];
  const key = `${business.id}:${accountId}:${from}:${to}`;
  const r = seededRandom(Number(stableNumber(`bank-only:${key}`) % 4_294_967_296n));
  const free = (cents: bigint): bigint => {
    let c = cents;
    while (taken.has(c)) c += c < 0n ? -1n : 1n;
    return c;
  };
  const first = dayOf(from);
  const span = dayOf(to) - first;
  const cardDay = isoOf(first + Math.floor((span * 2) / 3));
  const advanceDay = isoOf(first + Math.floor(span / 3));
  const order = 1000 + Math.floor(r() * 9000);
  const payer = customer && counterpartyAccount(business.country, business.id, customer.id);
  const merchant = words.merchants[Math.floor(r() * words.merchants.length)] as string;
  return [
    line(advanceDay, free(BigInt(5_000 + Math.floor(r() * 200_000))), {
      counterpartyName: customer ? (customer.data.company ?? customer.data.name) : words.payment,
      ...(payer ? { counterpartyIban: payer.iban, counterpartyBic: payer.bic } : {}),
      remittance: `${words.advance} ${order}`,
      endToEndId: `ADV-${order}`,
      bankReference: bankReference(`${key}:advance`),
      ...words.received,
    }),
    line(cardDay, free(-BigInt(1_500 + Math.floor(r() * 13_500))), {
      counterpartyName: merchant,
      remittance: `${words.cardText} ${cardDay.slice(8, 10)}.${cardDay.slice(5, 7)}.${cardDay.slice(0, 4)}`,
      bankReference: bankReference(`${key}:card`),
      ...words.card,
    }),
    line(to, free(-BigInt(390 + Math.floor(r() * 900))), {
      remittance: `${words.feeText} ${to.slice(5, 7)}/${to.slice(0, 4)}`,
      bankReference: bankReference(`${key}:fee`),
      ...words.fee,
    }),
  ];
}
