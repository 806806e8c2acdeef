import { countryId } from './countries.js';
import { DEMO_BUSINESS_IDS } from './demo-accounts.js';
import { DEMO_NAMES } from './demo-names.js';
import { makeIban } from './iban.js';
import type {
  AddressData,
  BankAccountData,
  ContactData,
  ExpenseData,
  IncomeData,
  ProductData,
} from './models.js';
import { taxOnNet } from './money.js';
import type { RecordStore } from './record-store.js';
import { referenceData } from './reference-data.js';
import { pick, seededRandom } from './seeded-random.js';
import type { Variant } from './variant.js';

/** How many contacts each demo business gets (enough for real paging). */
export const DEMO_CONTACTS = 300;

const ascii = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

// Seeded timestamps: noon US Eastern (17:00 UTC) on the record's date.
const stamp = (iso: string): number => Date.parse(`${iso}T17:00:00Z`);

function isoDay(r: () => number, from = Date.UTC(2025, 0, 1), days = 640): string {
  return new Date(from + Math.floor(r() * days) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Inserts the demo records of one business: contacts, bank accounts with valid IBANs, expenses (a few
 * multi-line in de), incomes and products, all from a fixed seed.
 */
export function seedDemoRecords(store: RecordStore, variant: Variant): void {
  const r = seededRandom(variant === 'de' ? 4711 : 1143);
  const n = DEMO_NAMES[variant];
  const bid = DEMO_BUSINESS_IDS[variant];
  const home = countryId(variant === 'de' ? 'DE' : 'PT');
  const ref = referenceData(variant);

  const address = (id: number): AddressData => {
    const ci = Math.floor(r() * n.city.length);
    const [town, postcode] = n.city[ci] as readonly [string, string];
    return {
      id,
      streetOne: `${pick(r, n.street)} ${1 + Math.floor(r() * 120)}`,
      streetTwo: '',
      town,
      county: n.county[ci] as string,
      postcode,
      countryId: home,
    };
  };
  const contacts: number[] = [];
  for (let i = 0; i < DEMO_CONTACTS; i++) {
    const first = pick(r, n.first);
    const last = pick(r, n.last);
    const isCompany = r() < 0.55;
    const company = isCompany ? `${pick(r, n.company)} ${last} ${pick(r, n.suffix)}` : null;
    const type = r() < 0.65 ? 1 : 2;
    const rec = store.insert<ContactData>(
      'contact',
      bid,
      (id) => ({
        contactTypeIds: [type],
        name: `${first} ${last}`,
        company,
        email: `${ascii(first)}.${ascii(last)}${i}@${n.mail}`,
        mobile: `${n.mobile}${String(1_000_000 + Math.floor(r() * 8_999_999))}`,
        telephone: `${n.phone}${String(100_000 + Math.floor(r() * 899_999))}`,
        notes: pick(r, n.note),
        taxNumber:
          variant === 'de'
            ? isCompany
              ? `DE${String(100_000_000 + i * 7919).slice(0, 9)}`
              : ''
            : String(200_000_000 + i * 3571),
        mainAddress: address(id * 10 + 1),
        deliveryAddress: r() < 0.3 ? address(id * 10 + 2) : null,
        accountNumber: (type === 1 ? 10_000 : 70_000) + i,
        taxAuthenticationNumber:
          variant === 'de' && isCompany ? `${10 + (i % 80)}/${100 + (i % 800)}/${10_000 + i}` : '',
        taxEligible: variant === 'de' ? isCompany : null,
        // A few contacts come from a linked system and are read-only (the `editable` rule).
        editable: !(variant === 'de' && i % 50 === 7),
        withholdingTaxId: variant === 'pt' && type === 2 && i % 4 === 0 ? 1 : null,
      }),
      stamp(isoDay(r)),
    );
    contacts.push(rec.id);
  }

  const banks: number[] = [];
  const bankDefs =
    variant === 'de'
      ? [
          ['Geschäftskonto Sparkasse', 1, '10050000', 'BELADEBEXXX'],
          ['Handkasse', 2, null, null],
          ['Tagesgeld', 3, '12030000', 'BYLADEM1001'],
        ]
      : [
          ['Conta à ordem CGD', 1, '0035', 'CGDIPTPL'],
          ['Caixa', 2, null, null],
          ['Conta poupança Millennium', 3, '0033', 'BCOMPTPL'],
        ];
  for (const [k, [name, type, bank, bic]] of bankDefs.entries()) {
    const accountNo = bank ? String(1_000_000_000 + k * 123_457) : null;
    const iban = bank
      ? variant === 'de'
        ? makeIban('DE', `${bank}${accountNo}`)
        : makeIban(
            'PT',
            `${bank}0000${(accountNo as string).padStart(11, '0')}${String(10 + k).padStart(2, '0')}`,
          )
      : '';
    const rec = store.insert<BankAccountData>(
      'bank_account',
      bid,
      () => ({
        accountName: name as string,
        accountNumber: accountNo,
        accountTypeId: type as number,
        ledgerAccountId: 1000 + bid * 100 + k,
        nominalCode: variant === 'de' ? 1200 + k : 12 + k,
        balanceCents: String(250_000 + k * 1_234_567),
        iban,
        bic: bic as string | null,
        balanceDate: '2025-01-01',
        sortCode: bank ? (bank as string).slice(0, 4) : '',
        telephone: variant === 'de' ? '+49 30 869 0' : '+351 21 790 5000',
        email: variant === 'de' ? 'service@bank.example' : 'apoio@banco.example',
        address:
          variant === 'pt' && bank
            ? {
                streetOne: 'Avenida João XXI 63',
                streetTwo: '',
                town: 'Lisboa',
                county: 'Lisboa',
                postcode: '1000-300',
                countryId: home,
              }
            : null,
      }),
      stamp('2025-01-01'),
    );
    banks.push(rec.id);
  }

  for (let i = 0; i < 260; i++) {
    const type = pick(r, ref.expenseTypes);
    const tax =
      ref.taxCodes.find((t) => t.id === (type.taxCodeId ?? ref.taxCodes.length)) ??
      (ref.taxCodes[0] as (typeof ref.taxCodes)[number]);
    const lineCount = variant === 'de' && i % 40 === 5 ? 2 : 1;
    const lines = Array.from({ length: lineCount }, () => {
      const net = BigInt(500 + Math.floor(r() * 150_000));
      return { totalCents: String(net), vatCents: String(taxOnNet(net, tax.rate)) };
    });
    const date = isoDay(r);
    store.insert<ExpenseData>(
      'expense',
      bid,
      () => ({
        date,
        contactId: r() < 0.8 ? pick(r, contacts) : null,
        bankAccountId: pick(r, banks),
        ledgerAccountId: type.id,
        taxRateId: variant === 'de' ? tax.id : null,
        paymentMethodId: variant === 'pt' ? 1 + Math.floor(r() * 4) : null,
        reference: variant === 'de' ? `ER-${2025}-${String(i + 1).padStart(4, '0')}` : `FT ${2025}/${i + 1}`,
        lines,
      }),
      stamp(date),
    );
  }

  for (let i = 0; i < 220; i++) {
    const type = pick(r, ref.incomeTypes);
    const tax =
      ref.taxCodes.find((t) => t.id === type.taxCodeId) ?? (ref.taxCodes[0] as (typeof ref.taxCodes)[number]);
    const net = BigInt(2_000 + Math.floor(r() * 500_000));
    const vat = taxOnNet(net, tax.rate);
    const date = isoDay(r);
    store.insert<IncomeData>(
      'income',
      bid,
      () => ({
        date,
        invoiceDate: r() < 0.7 ? date : null,
        amountCents: String(net),
        taxCents: String(vat),
        grossCents: String(net + vat),
        rate: String(tax.rate),
        taxCodeId: tax.id,
        reference:
          variant === 'de'
            ? `RE-${date.slice(0, 4)}-${String(i + 1).padStart(4, '0')}`
            : `FR ${date.slice(0, 4)}/${i + 1}`,
        contactId: pick(r, contacts),
        sourceId: type.id,
        destinationId: 1000 + bid * 100 + Math.floor(r() * 3),
        paymentMethodId: 1 + Math.floor(r() * 4),
        voided: i % 37 === 3,
        lockVersion: 0,
      }),
      stamp(date),
    );
  }

  const goods =
    variant === 'de'
      ? [
          'Banner',
          'Folienbeschriftung',
          'Leuchtreklame',
          'Visitenkarten',
          'Flyer',
          'Plakat',
          'Messewand',
          'Schild',
          'Aufkleber',
          'Roll-up',
        ]
      : [
          'Logótipo',
          'Cartões de visita',
          'Folheto',
          'Cartaz',
          'Website',
          'Catálogo',
          'Embalagem',
          'Sinalética',
          'Autocolante',
          'Roll-up',
        ];
  const sizes = variant === 'de' ? ['klein', 'mittel', 'groß', 'XXL'] : ['pequeno', 'médio', 'grande', 'XXL'];
  for (let i = 0; i < 40; i++) {
    const cost = BigInt(500 + Math.floor(r() * 50_000));
    const tax = ref.taxCodes[i % 5 === 0 ? 1 : 0] as (typeof ref.taxCodes)[number];
    store.insert<ProductData>(
      'product',
      bid,
      () => ({
        productCode: `${variant === 'de' ? 'ART' : 'PRD'}-${String(i + 1).padStart(4, '0')}`,
        description: `${goods[i % goods.length]} (${sizes[Math.floor(i / goods.length)]})`,
        ledgerAccountId: (ref.incomeTypes[0] as (typeof ref.incomeTypes)[number]).id,
        costCents: String(cost),
        salesCents: String((cost * 17n) / 10n),
        taxCodeId: tax.id,
        includesTax: i % 3 === 0,
        notes: '',
        extraInfo: '',
        lockVersion: 0,
      }),
      stamp('2025-01-02'),
    );
  }
}
