// Records in the shapes the generated spec types give each variant, for the matching tests and bench.
import type {
  BankStatement,
  BookBankAccount,
  BookContact,
  BookExpense,
  BookIncome,
  StatementLine,
} from '../src/index.js';

export const IBAN = 'DE89370400440532013000';

export const deAccount = (balance = '1000.00'): BookBankAccount => ({
  id: 7,
  account_name: 'Girokonto',
  account_number: '0532013000',
  iban: IBAN,
  ledger_account: { $key: null },
  balance,
});

export const ptAccount = (balance = '1000.00'): BookBankAccount => ({
  id: 8,
  account_name: 'Conta à ordem',
  account_number: '12345678901',
  ledger_account: { id: 1200, $key: 1200 },
  balance,
});

const ref = (id: number) => ({ id, $key: id });

export function deExpense(
  id: number,
  gross: string,
  date: string,
  more: {
    reference?: string;
    contactId?: number;
    contactName?: string;
    ledger?: number;
    tax?: number;
    bank?: number;
  } = {},
): BookExpense {
  return {
    id,
    date,
    gross_total: gross,
    reference: more.reference ?? '',
    contact_id: more.contactId ?? 0,
    contact_name: more.contactName ?? '',
    bank_account: { ...ref(more.bank ?? 7), account_name: 'Girokonto', $url: '/accounts/v2/bank_accounts/7' },
    ledger_account:
      more.ledger === undefined
        ? { $key: null }
        : {
            ...ref(more.ledger),
            display_name: 'Bürobedarf',
            nominal_code: 4930,
            tax_code: { $key: null },
            ledger_account_type: { $key: null },
            vat_changeable: false,
            $url: `/accounts/v2/ledger_accounts/${more.ledger}`,
          },
    tax_rate:
      more.tax === undefined ? { $key: null } : { ...ref(more.tax), name: '19 %', $symbol: 'STANDARD' },
  };
}

export function ptExpense(id: number, total: string, date: string, bank = 8, ledger = 62): BookExpense {
  return { id, date, total, bank_account: ref(bank), ledger_account: ref(ledger) };
}

/** An income; `date` is ISO here and written `dd/mm/yyyy` as the service does. */
export function income(
  id: number,
  gross: string,
  date: string,
  more: {
    reference?: string;
    contactId?: number;
    source?: number;
    taxCode?: number;
    rate?: string;
    destination?: number;
    voided?: boolean;
  } = {},
): BookIncome {
  const [y, m, d] = date.split('-');
  return {
    id,
    date: `${d}/${m}/${y}`,
    gross_amount: gross,
    reference: more.reference ?? '',
    contact: more.contactId === undefined ? { $key: null } : ref(more.contactId),
    source: ref(more.source ?? 40),
    destination: ref(more.destination ?? 1200),
    tax_code: ref(more.taxCode ?? 1),
    tax_percentage_rate: more.rate ?? '23.00',
    voided: more.voided ?? false,
  };
}

export const contact = (id: number, name: string, company: string | null = null): BookContact => ({
  id,
  name,
  company,
});

let next = 0;
/** A line with its own id; `amount` signed (debits negative). */
export function line(amount: string, bookingDate: string, more: Partial<StatementLine> = {}): StatementLine {
  next++;
  return { line: `l${String(next).padStart(16, '0')}`, bookingDate, amount, currency: 'EUR', ...more };
}

export function statement(
  lines: StatementLine[],
  account: BankStatement['account'] = { iban: IBAN },
): BankStatement {
  return {
    format: 'camt053',
    id: 'S1',
    account,
    currency: 'EUR',
    opening: { amount: '0.00', date: '2024-03-01' },
    closing: { amount: '1000.00', date: '2024-03-31' },
    lines,
  };
}
