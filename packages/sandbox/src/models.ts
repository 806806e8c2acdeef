/** Stored shapes of business records (internal; serialisers turn them into each variant's wire form). */

/** An address as stored. */
export interface AddressData {
  id: number;
  streetOne: string;
  streetTwo: string;
  town: string;
  county: string;
  postcode: string;
  countryId: number | null;
}

/** A contact as stored. */
export interface ContactData {
  contactTypeIds: number[];
  name: string;
  company: string | null;
  email: string;
  mobile: string;
  telephone: string;
  notes: string;
  taxNumber: string;
  mainAddress: AddressData | null;
  deliveryAddress: AddressData | null;
  accountNumber: number;
  taxAuthenticationNumber: string;
  taxEligible: boolean | null;
  editable: boolean;
  withholdingTaxId: number | null;
}

/** A bank account as stored (money in cents as decimal strings of integers). */
export interface BankAccountData {
  accountName: string;
  accountNumber: string | null;
  accountTypeId: number;
  ledgerAccountId: number;
  nominalCode: number;
  balanceCents: string;
  iban: string;
  bic: string | null;
  balanceDate: string | null;
  sortCode: string;
  telephone: string;
  email: string;
  address: Omit<AddressData, 'id'> | null;
}

/** One line of an expense. */
export interface ExpenseLine {
  totalCents: string;
  vatCents: string;
}

/** An expense as stored. */
export interface ExpenseData {
  date: string;
  contactId: number | null;
  bankAccountId: number | null;
  ledgerAccountId: number;
  taxRateId: number | null;
  paymentMethodId: number | null;
  reference: string;
  lines: ExpenseLine[];
}

/** An income as stored (dates ISO). */
export interface IncomeData {
  date: string;
  invoiceDate: string | null;
  amountCents: string;
  taxCents: string;
  grossCents: string;
  rate: string;
  taxCodeId: number | null;
  reference: string;
  contactId: number | null;
  sourceId: number;
  destinationId: number;
  paymentMethodId: number;
  voided: boolean;
  lockVersion: number;
}

/** A product as stored. */
export interface ProductData {
  productCode: string;
  description: string;
  ledgerAccountId: number;
  costCents: string;
  salesCents: string;
  taxCodeId: number;
  includesTax: boolean;
  notes: string;
  extraInfo: string;
  lockVersion: number;
}

/** The business record as stored. */
export interface BusinessData {
  name: string;
  website: string;
  telephone: string;
  mobile: string;
  street1: string;
  street2: string;
  city: string;
  county: string;
  postcode: string;
  countryCode: string;
  financialYearEnd: string | null;
  taxNumber: string | null;
}
