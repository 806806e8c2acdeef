import { countryId } from './countries.js';
import type { SqliteDatabase } from './database.js';
import { makeIban } from './iban.js';
import type {
  AddressData,
  BankAccountData,
  BusinessData,
  ContactData,
  ExpenseData,
  IncomeData,
  ProductData,
} from './models.js';
import { taxOnNet } from './money.js';
import { RecordStore } from './record-store.js';
import { referenceData } from './reference-data.js';
import { hashPassword } from './secrets.js';
import type { Variant } from './variant.js';

/** The demo client application, printed by the CLI and documented in the README. */
export const DEMO_CLIENT = {
  clientId: 'acctkit-demo-app',
  clientSecret: 'demo-client-secret-0f3c9a',
  signingSecret: 'demo-signing-secret-7b21e4',
  name: 'acctkit Demo App',
  redirectUris: [
    'http://localhost:3000/callback',
    'http://127.0.0.1:3000/callback',
    'http://localhost:8080/callback',
  ],
} as const;

/** A second demo client that may only use the authorization code grant (for `unauthorized_client`). */
export const DEMO_CODE_ONLY_CLIENT = {
  clientId: 'acctkit-code-only-app',
  clientSecret: 'code-only-client-secret-55d1',
  signingSecret: 'code-only-signing-secret-a90c',
  name: 'acctkit Code-only App',
  redirectUris: ['http://localhost:3000/callback'],
} as const;

/** Demo users: one per business and one who owns both. */
export const DEMO_USERS = [
  {
    email: 'anna@demo.acctkit.test',
    password: 'sandbox-de',
    firstName: 'Anna',
    lastName: 'Schneider',
    owns: ['de'],
  },
  {
    email: 'joao@demo.acctkit.test',
    password: 'sandbox-pt',
    firstName: 'João',
    lastName: 'Ferreira',
    owns: ['pt'],
  },
  {
    email: 'both@demo.acctkit.test',
    password: 'sandbox-both',
    firstName: 'Maria',
    lastName: 'Weber Costa',
    owns: ['de', 'pt'],
  },
] as const;

/** Ids of the demo businesses. */
export const DEMO_BUSINESS_IDS = { de: 1, pt: 2 } as const;

/** How many contacts each demo business gets (enough for real paging). */
export const DEMO_CONTACTS = 300;

// Deterministic pseudo-random numbers (mulberry32), so every reset gives the same data.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = {
  de: {
    first: [
      'Lukas',
      'Sophie',
      'Jonas',
      'Marie',
      'Felix',
      'Hannah',
      'Paul',
      'Lea',
      'Maximilian',
      'Emma',
      'Leon',
      'Mia',
      'Tim',
      'Laura',
      'Jan',
      'Katharina',
    ],
    last: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Meyer',
      'Wagner',
      'Becker',
      'Schulz',
      'Hoffmann',
      'Koch',
      'Richter',
      'Klein',
      'Wolf',
      'Schröder',
      'Neumann',
    ],
    company: [
      'Bäckerei',
      'Elektro',
      'Malerbetrieb',
      'Steuerbüro',
      'Autohaus',
      'Druckerei',
      'Gartenbau',
      'Schreinerei',
      'IT-Service',
      'Reisebüro',
    ],
    suffix: ['GmbH', 'KG', 'e.K.', 'GmbH & Co. KG', 'UG'],
    street: [
      'Hauptstraße',
      'Bahnhofstraße',
      'Gartenweg',
      'Lindenallee',
      'Schulstraße',
      'Bergstraße',
      'Dorfstraße',
      'Kirchplatz',
    ],
    city: [
      ['Berlin', '10115'],
      ['Hamburg', '20095'],
      ['München', '80331'],
      ['Köln', '50667'],
      ['Frankfurt am Main', '60311'],
      ['Leipzig', '04109'],
      ['Freiburg im Breisgau', '79098'],
      ['Münster', '48143'],
    ],
    county: [
      'Berlin',
      'Hamburg',
      'Bayern',
      'Nordrhein-Westfalen',
      'Hessen',
      'Sachsen',
      'Baden-Württemberg',
      'Nordrhein-Westfalen',
    ],
    mail: 'beispiel.de',
    phone: '+49 30 ',
    mobile: '+49 151 ',
    note: ['Zahlt pünktlich', 'Skonto 2 % bei Zahlung in 10 Tagen', 'Ansprechpartner im Einkauf', ''],
  },
  pt: {
    first: [
      'João',
      'Maria',
      'Tiago',
      'Ana',
      'Rodrigo',
      'Beatriz',
      'Duarte',
      'Inês',
      'Francisco',
      'Leonor',
      'Martim',
      'Carolina',
      'Gonçalo',
      'Mariana',
    ],
    last: [
      'Silva',
      'Santos',
      'Ferreira',
      'Pereira',
      'Oliveira',
      'Costa',
      'Rodrigues',
      'Martins',
      'Sousa',
      'Fernandes',
      'Gonçalves',
      'Lopes',
      'Almeida',
      'Ribeiro',
    ],
    company: [
      'Padaria',
      'Construções',
      'Transportes',
      'Contabilidade',
      'Restaurante',
      'Tipografia',
      'Jardinagem',
      'Carpintaria',
      'Informática',
      'Viagens',
    ],
    suffix: ['Lda.', 'S.A.', 'Unipessoal Lda.'],
    street: [
      'Rua Augusta',
      'Avenida da Liberdade',
      'Rua de Santa Catarina',
      'Rua do Carmo',
      'Travessa das Flores',
      'Largo do Rato',
      'Rua Direita',
    ],
    city: [
      ['Lisboa', '1100-053'],
      ['Porto', '4000-322'],
      ['Braga', '4700-435'],
      ['Coimbra', '3000-150'],
      ['Faro', '8000-138'],
      ['Aveiro', '3810-064'],
      ['Évora', '7000-505'],
    ],
    county: ['Lisboa', 'Porto', 'Braga', 'Coimbra', 'Faro', 'Aveiro', 'Évora'],
    mail: 'exemplo.pt',
    phone: '+351 21 ',
    mobile: '+351 91 ',
    note: ['Paga a 30 dias', 'Cliente desde 2019', 'Enviar faturas por e-mail', ''],
  },
} as const;

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
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

/** Loads the demo businesses, users, clients and records into an empty database. */
export function seedDemoData(db: SqliteDatabase): void {
  db.transaction(() => {
    const business = (id: number, country: Variant, data: BusinessData) =>
      db
        .prepare('INSERT INTO businesses (id, country, guid, data) VALUES (?, ?, ?, ?)')
        .run(
          id,
          country,
          `${country === 'de' ? 'b7d3c0de' : 'c4a1f0a7'}-5a1b-4c2d-9e3f-00000000000${id}`,
          JSON.stringify(data),
        );
    business(DEMO_BUSINESS_IDS.de, 'de', {
      name: 'Schneider Werbetechnik GmbH',
      website: 'https://schneider-werbetechnik.example',
      telephone: '+49 30 1234567',
      mobile: '+49 151 2345678',
      street1: 'Friedrichstraße 123',
      street2: 'Mitte',
      city: 'Berlin',
      county: 'Berlin',
      postcode: '10117',
      countryCode: 'DE',
      financialYearEnd: '2026-12-31',
      taxNumber: '37/123/45678',
    });
    business(DEMO_BUSINESS_IDS.pt, 'pt', {
      name: 'Ferreira & Costa Design, Lda.',
      website: 'https://ferreira-costa.example',
      telephone: '+351 21 3456789',
      mobile: '+351 912 345 678',
      street1: 'Rua Augusta 45',
      street2: 'Baixa',
      city: 'Lisboa',
      county: 'Lisboa',
      postcode: '1100-053',
      countryCode: 'PT',
      financialYearEnd: '2026-12-31',
      taxNumber: '509876543',
    });
    for (const [i, u] of DEMO_USERS.entries()) {
      db.prepare(
        'INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (?, ?, ?, ?, ?)',
      ).run(i + 1, u.email, u.firstName, u.lastName, demoHash(u.password));
      for (const country of u.owns)
        db.prepare('INSERT INTO ownerships (user_id, business_id) VALUES (?, ?)').run(
          i + 1,
          DEMO_BUSINESS_IDS[country],
        );
    }
    for (const [c, grants] of [
      [DEMO_CLIENT, ['authorization_code', 'refresh_token']],
      [DEMO_CODE_ONLY_CLIENT, ['authorization_code']],
    ] as const)
      db.prepare('INSERT INTO clients VALUES (?, ?, ?, ?, ?, ?)').run(
        c.clientId,
        c.clientSecret,
        c.signingSecret,
        c.name,
        JSON.stringify(c.redirectUris),
        JSON.stringify(grants),
      );
    const store = new RecordStore(db);
    for (const variant of ['de', 'pt'] as const) seedBusiness(store, variant);
  })();
}

const hashes = new Map<string, string>();
// scrypt is slow on purpose; the demo hashes use a fixed salt so they can be computed once per process.
function demoHash(password: string): string {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password, `acctkit-demo-${password}`);
    hashes.set(password, h);
  }
  return h;
}

function seedBusiness(store: RecordStore, variant: Variant): void {
  const r = rng(variant === 'de' ? 4711 : 1143);
  const n = NAMES[variant];
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
