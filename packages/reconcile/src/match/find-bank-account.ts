import type { StatementAccount } from '../bank-statement.js';
import { ReconcileError } from '../reconcile-error.js';
import type { BookBankAccount } from './books.js';

const digits = (text: string | null | undefined): string =>
  (text ?? '').replace(/\D/g, '').replace(/^0+/, '');

/**
 * Whether the books' account is the statement's: the same IBAN (`de` accounts have one), the same
 * account number, or an account number of at least 5 digits inside the statement IBAN's domestic part
 * (a German IBAN ends with the account number, a Portuguese one holds it before two check digits;
 * `pt` accounts have no IBAN field).
 */
function sameAccount(book: BookBankAccount, statement: StatementAccount): boolean {
  const iban = 'iban' in book ? book.iban.replace(/\s/g, '').toUpperCase() : '';
  if (iban !== '' && statement.iban !== undefined) return iban === statement.iban;
  const number = digits(book.account_number);
  if (number.length < 5) return false;
  if (statement.number !== undefined && digits(statement.number) === number) return true;
  return (statement.iban?.slice(4).replace(/\D/g, '') ?? '').includes(number);
}

/**
 * The bank account of the books a statement is for: the one with `bankAccountId` when given, else the
 * one account whose IBAN or account number is the statement's.
 *
 * @throws ReconcileError `BANK_ACCOUNT_NOT_FOUND` when none, or several, fit.
 */
export function findBankAccount(
  accounts: readonly BookBankAccount[],
  statement: StatementAccount,
  bankAccountId?: number,
): BookBankAccount {
  if (bankAccountId !== undefined) {
    const given = accounts.find((a) => a.id === bankAccountId);
    if (given) return given;
    throw new ReconcileError(
      'BANK_ACCOUNT_NOT_FOUND',
      `No bank account with id ${bankAccountId} is in books.bankAccounts: pass the business's bank accounts.`,
    );
  }
  const found = accounts.filter((a) => sameAccount(a, statement));
  if (found.length === 1 && found[0]) return found[0];
  const which = statement.iban ?? statement.number ?? 'without IBAN or number';
  throw new ReconcileError(
    'BANK_ACCOUNT_NOT_FOUND',
    found.length === 0
      ? `No bank account of the books has the statement's account (${which}): pass its id as the bankAccountId option.`
      : `${found.length} bank accounts of the books fit the statement's account (${which}): pass the right one as the bankAccountId option.`,
  );
}
