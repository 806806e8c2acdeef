import type { Schema, Variant } from './variant.js';

/** A reference item with a localised name and a region-independent symbol. */
export interface RefItem {
  readonly id: number;
  readonly name: string;
  readonly $symbol: string;
}

/** A tax code or rate: `rate` is the percentage x10000 (19 % → 190000). */
export interface TaxCode extends RefItem {
  readonly rate: bigint;
}

/** A ledger account (Variant A view; Variant B uses id, name, nominal code and tax code). */
export interface LedgerAccountItem {
  readonly id: number;
  readonly name: string;
  readonly nominalCode: number;
  readonly taxCodeId: number | null;
  readonly typeId: number;
  readonly vatChangeable: boolean;
}

/** A reference item whose ids and symbols the spec enumerates: the schema `S` of variant `V` without `$key`. */
type SpecItem<V extends Variant, S extends 'AccountType' | 'ArtefactStatus' | 'ContactType'> = Omit<
  Schema<V, S>,
  '$key'
>;

/** All reference lists of one variant; enumerated lists take their ids and symbols from the spec. */
export interface ReferenceData<V extends Variant = Variant> {
  readonly accountTypes: readonly SpecItem<V, 'AccountType'>[];
  readonly artefactStatuses: readonly SpecItem<V, 'ArtefactStatus'>[];
  readonly contactTypes: readonly SpecItem<V, 'ContactType'>[];
  readonly taxCodes: readonly TaxCode[];
  readonly ledgerAccountTypes: readonly RefItem[];
  readonly expenseTypes: readonly LedgerAccountItem[];
  readonly incomeTypes: readonly LedgerAccountItem[];
  readonly paymentMethods: readonly RefItem[];
  readonly withholdingTaxes: readonly (RefItem & { readonly percentage: bigint })[];
  readonly taxSubmissionFrequency: RefItem;
  readonly taxScheme: RefItem;
  readonly coaTemplate: string;
}

const ref = <I extends number, S extends string>(id: I, $symbol: S, name: string) => ({ id, $symbol, name });
const ledger = (
  id: number,
  nominalCode: number,
  name: string,
  taxCodeId: number | null,
  typeId = 5,
): LedgerAccountItem => ({ id, nominalCode, name, taxCodeId, typeId, vatChangeable: typeId === 5 });

const DE: ReferenceData<'de'> = {
  accountTypes: [
    ref(1, 'CURRENT', 'Girokonto'),
    ref(2, 'CASH_IN_HAND', 'Kasse'),
    ref(3, 'SAVINGS', 'Sparkonto'),
    ref(4, 'CREDIT_CARD', 'Kreditkarte'),
    ref(5, 'LOAN', 'Darlehen'),
    ref(6, 'OTHER', 'Sonstiges'),
  ],
  artefactStatuses: [
    ref(1, 'DRAFT', 'Entwurf'),
    ref(2, 'UNPAID', 'Unbezahlt'),
    ref(3, 'PART_PAID', 'Teilweise bezahlt'),
    ref(4, 'PAID', 'Bezahlt'),
    ref(5, 'VOID', 'Storniert'),
  ],
  contactTypes: [ref(1, 'CUSTOMER', 'Kunde'), ref(2, 'SUPPLIER', 'Lieferant')],
  taxCodes: [
    { ...ref(1, 'STANDARD', '19 % USt'), rate: 190_000n },
    { ...ref(2, 'REDUCED', '7 % USt'), rate: 70_000n },
    { ...ref(3, 'ZERO', '0 % USt'), rate: 0n },
  ],
  ledgerAccountTypes: [
    ref(1, 'BANK', 'Bank'),
    ref(5, 'EXPENSE', 'Aufwand'),
    ref(6, 'FIXED_ASSETS', 'Anlagevermögen'),
    ref(7, 'SALES', 'Erlöse'),
  ],
  expenseTypes: [
    ledger(101, 4200, 'Raumkosten', 1),
    ledger(102, 4210, 'Miete', 3),
    ledger(103, 4240, 'Gas, Strom, Wasser', 1),
    ledger(104, 4360, 'Versicherungen', 3),
    ledger(105, 4530, 'Laufende Kfz-Betriebskosten', 1),
    ledger(106, 4600, 'Werbekosten', 1),
    ledger(107, 4650, 'Bewirtungskosten', 1),
    ledger(108, 4660, 'Reisekosten Arbeitnehmer', 2),
    ledger(109, 4910, 'Porto', 3),
    ledger(110, 4920, 'Telefon', 1),
    ledger(111, 4930, 'Bürobedarf', 1),
    ledger(112, 4950, 'Rechts- und Beratungskosten', 1),
    ledger(113, 420, 'Büroeinrichtung', 1, 6),
  ],
  incomeTypes: [
    ledger(201, 8400, 'Erlöse 19 % USt', 1, 7),
    ledger(202, 8300, 'Erlöse 7 % USt', 2, 7),
    ledger(203, 8120, 'Steuerfreie Umsätze', 3, 7),
    ledger(204, 8200, 'Erlöse', null, 7),
  ],
  paymentMethods: [
    ref(1, 'BANK_TRANSFER', 'Überweisung'),
    ref(2, 'CASH', 'Bar'),
    ref(3, 'CREDIT_DEBIT', 'Karte'),
    ref(4, 'CHEQUE', 'Scheck'),
  ],
  withholdingTaxes: [],
  taxSubmissionFrequency: ref(2, 'QUARTERLY', 'Vierteljährlich'),
  taxScheme: ref(1, 'STANDARD', 'Soll-Versteuerung'),
  coaTemplate: 'SKR03',
};

const PT: ReferenceData<'pt'> = {
  accountTypes: [
    ref(1, 'CURRENT', 'Conta à ordem'),
    ref(2, 'CASH_IN_HAND', 'Caixa'),
    ref(3, 'SAVINGS', 'Conta poupança'),
    ref(4, 'CREDIT_CARD', 'Cartão de crédito'),
    ref(5, 'LOAN', 'Empréstimo'),
  ],
  artefactStatuses: [
    ref(1, 'UNPAID', 'Por pagar'),
    ref(2, 'PART_PAID', 'Parcialmente paga'),
    ref(3, 'PAID', 'Paga'),
    ref(4, 'VOID', 'Anulada'),
  ],
  contactTypes: [ref(1, 'CUSTOMER', 'Cliente'), ref(2, 'SUPPLIER', 'Fornecedor')],
  taxCodes: [
    { ...ref(1, 'STANDARD', 'STANDARD'), rate: 230_000n },
    { ...ref(2, 'INTERMEDIATE', 'INTERMEDIATE'), rate: 130_000n },
    { ...ref(3, 'REDUCED', 'REDUCED'), rate: 60_000n },
    { ...ref(4, 'NO_VAT', 'NO_VAT'), rate: 0n },
  ],
  ledgerAccountTypes: [
    ref(1, 'BANK', 'Depósitos à ordem'),
    ref(5, 'EXPENSE', 'Gastos'),
    ref(7, 'SALES', 'Rendimentos'),
  ],
  expenseTypes: [
    ledger(301, 62211, 'Trabalhos especializados', 1),
    ledger(302, 62212, 'Publicidade e propaganda', 1),
    ledger(303, 62231, 'Ferramentas e utensílios', 1),
    ledger(304, 62232, 'Livros e documentação técnica', 3),
    ledger(305, 62233, 'Material de escritório', 1),
    ledger(306, 62241, 'Eletricidade', 3),
    ledger(307, 62242, 'Combustíveis', 1),
    ledger(308, 62251, 'Deslocações e estadas', 4),
    ledger(309, 6226, 'Rendas e alugueres', 4),
    ledger(310, 62262, 'Comunicação', 1),
    ledger(311, 62263, 'Seguros', 4),
    ledger(312, 62267, 'Contencioso e notariado', 4),
  ],
  incomeTypes: [
    ledger(401, 711, 'Vendas de mercadorias', 1, 7),
    ledger(402, 72, 'Prestações de serviços', 1, 7),
    ledger(403, 78, 'Outros rendimentos', 4, 7),
  ],
  paymentMethods: [
    ref(1, 'BANK_TRANSFER', 'Transferência bancária'),
    ref(2, 'CASH', 'Numerário'),
    ref(3, 'CREDIT_DEBIT', 'Cartão'),
    ref(4, 'CHEQUE', 'Cheque'),
  ],
  withholdingTaxes: [
    { ...ref(1, 'IRS_B_25', 'IRS - Categoria B (25%)'), percentage: 250_000n },
    { ...ref(2, 'IRS_B_11_5', 'IRS - Categoria B (11,5%)'), percentage: 115_000n },
    { ...ref(3, 'IRS_F_25', 'IRS - Rendimentos prediais (25%)'), percentage: 250_000n },
  ],
  taxSubmissionFrequency: ref(2, 'QUARTERLY', 'Trimestral'),
  taxScheme: ref(1, 'STANDARD', 'Regime normal'),
  coaTemplate: 'SNC',
};

/** The reference lists of a variant. */
export function referenceData<V extends Variant>(variant: V): ReferenceData<V>;
export function referenceData(variant: Variant): ReferenceData<'de'> | ReferenceData<'pt'> {
  return variant === 'de' ? DE : PT;
}
