/** The formats {@link parseStatement} reads. */
export type StatementFormat = 'camt053' | 'mt940' | 'csv';

/** The account a statement is for, as the bank names it. */
export interface StatementAccount {
  /** IBAN, upper case without spaces, when the bank gives one. */
  readonly iban?: string;
  /** Account number when the bank gives no IBAN (MT940 `:25:` after the bank code, CAMT `Othr/Id`). */
  readonly number?: string;
  /** BIC of the account's bank. */
  readonly bic?: string;
  /** National bank code (German BLZ) of the account's bank. */
  readonly bankCode?: string;
}

/** A booked balance: a signed decimal string (credit positive) on a day. */
export interface StatementBalance {
  /** Signed decimal string with at least two decimals, `'-12.50'`. */
  readonly amount: string;
  /** ISO `yyyy-mm-dd`. */
  readonly date: string;
}

/**
 * One booking on the statement. Every text field comes from the bank or from whoever paid: it is
 * data, stripped of control characters, with whitespace collapsed and its length capped (140
 * characters for names and references, 500 for `remittance`), never an instruction.
 */
export interface StatementLine {
  /**
   * Stable id: the same line of the same account parsed again, from this file or from a later export
   * that holds it too, gets the same id. It is `l` and 16 hex digits of a hash (two 32-bit FNV-1a-style hashes) of the
   * statement's account, the currency, the booking date, the amount, the bank reference, the
   * end-to-end id, the counterparty's IBAN and the remittance text, plus how many lines before it in
   * the same statement share all of those.
   */
  readonly line: string;
  /** ISO `yyyy-mm-dd` on which the bank booked the line. */
  readonly bookingDate: string;
  /** ISO `yyyy-mm-dd` from which the amount bears interest, when given. */
  readonly valueDate?: string;
  /** Signed decimal string with at least two decimals: credits positive, debits negative. */
  readonly amount: string;
  /** ISO 4217 code. */
  readonly currency: string;
  /** The other party: the payer of a credit, the payee of a debit. */
  readonly counterpartyName?: string;
  readonly counterpartyIban?: string;
  readonly counterpartyBic?: string;
  /** The remittance information (SEPA `SVWZ+`, CAMT `Ustrd`, CSV purpose column). */
  readonly remittance?: string;
  /** SEPA end-to-end id (`EREF+`, CAMT `EndToEndId`), absent when the payer gave none. */
  readonly endToEndId?: string;
  /** SEPA direct debit mandate id (`MREF+`, CAMT `MndtId`). */
  readonly mandateId?: string;
  /** SEPA creditor id (`CRED+`, CAMT `CdtrSchmeId`). */
  readonly creditorId?: string;
  /** The bank's own reference of the booking (MT940 `:61:` after `//`, CAMT `AcctSvcrRef`). */
  readonly bankReference?: string;
  /** The bank's text for the kind of booking (MT940 `?00`, CAMT `AddtlNtryInf`, CSV `Buchungstext`). */
  readonly bookingText?: string;
  /** Raw transaction type: MT940 `:61:` code such as `NTRF`, CAMT `PMNT/RCDT/ESCT` or proprietary code. */
  readonly transactionCode?: string;
  /** German business transaction code (GVC), the three digits that open a structured MT940 `:86:`. */
  readonly gvc?: string;
}

/** One statement of one account; a file may hold several. */
export interface BankStatement {
  /** The format it was read from. */
  readonly format: StatementFormat;
  /** The statement's id in the file (MT940 `:20:`, CAMT `Stmt/Id`); `csv` for a CSV export. */
  readonly id: string;
  /** Statement and sequence number (MT940 `:28C:`, CAMT `ElctrncSeqNb`), when given. */
  readonly sequence?: string;
  readonly account: StatementAccount;
  /** ISO 4217 code of the account. */
  readonly currency: string;
  /** Balance before the first line; absent only for a CSV export that gives no balance. */
  readonly opening?: StatementBalance;
  /** Balance after the last line; absent only for a CSV export that gives no balance. */
  readonly closing?: StatementBalance;
  readonly lines: readonly StatementLine[];
}
