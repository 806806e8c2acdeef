import { parseIsoDate } from '@acctkit/openapi/formats';
import { DEMO_BUSINESS_IDS } from '../demo-accounts.js';
import type { Business } from '../directory.js';
import type { BankAccountData } from '../models.js';
import type { StoredRecord } from '../record-store.js';
import type { SandboxState } from '../sandbox-env.js';
import { AdminError } from '../sandbox-error.js';

/** The file formats of a statement export. */
export const STATEMENT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type StatementExportFormat = (typeof STATEMENT_FORMATS)[number];

/** The longest period one export covers, in days: a year, as banks offer. */
export const MAX_STATEMENT_DAYS = 366;

/** What `GET /_sandbox/statements` was asked for, checked. */
export interface StatementQuery {
  readonly business: Business;
  readonly account: StoredRecord<BankAccountData>;
  /** ISO `yyyy-mm-dd`, both days included. */
  readonly from: string;
  readonly to: string;
  readonly format: StatementExportFormat;
}

/** A query parameter of the statement export that is missing or wrong: 400 naming it. */
export class StatementQueryError extends AdminError {
  /** The query parameter at fault. */
  readonly parameter: string;
  constructor(parameter: string, message: string) {
    super('ADMIN_BAD_REQUEST', message);
    this.name = 'StatementQueryError';
    this.parameter = parameter;
  }
  override responseBody(): unknown {
    return { ...(super.responseBody() as object), parameter: this.parameter };
  }
}

const PARAMETERS = ['business', 'bank_account', 'from', 'to', 'format'];

/** The one value of a parameter; missing (unless optional), empty or repeated is refused. */
function one(q: URLSearchParams, name: string, what: string): string {
  const values = q.getAll(name);
  if (values.length === 0 || values[0] === '')
    throw new StatementQueryError(name, `${name} is required: ${what}.`);
  if (values.length > 1)
    throw new StatementQueryError(name, `${name} is given ${values.length} times: send it once.`);
  return values[0] as string;
}

function businessOf(state: SandboxState, value: string): Business {
  const id =
    value === 'de' || value === 'pt' ? DEMO_BUSINESS_IDS[value] : /^\d{1,9}$/.test(value) ? Number(value) : 0;
  const business = id > 0 ? state.directory.business(id) : undefined;
  if (!business)
    throw new StatementQueryError(
      'business',
      `business '${value.slice(0, 40)}' is not a business of this sandbox: send "de", "pt" or the id of a business.`,
    );
  return business;
}

function accountOf(state: SandboxState, business: Business, value: string): StoredRecord<BankAccountData> {
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  const account = id > 0 ? state.store.get<BankAccountData>('bank_account', business.id, id) : undefined;
  if (!account)
    throw new StatementQueryError(
      'bank_account',
      `bank_account '${value.slice(0, 40)}' is not a bank account of business ${business.id}: send the id of one (GET /accounts/v2/bank_accounts lists them).`,
    );
  if (account.data.iban === '')
    throw new StatementQueryError(
      'bank_account',
      `bank_account ${id} (${account.data.accountName}) has no IBAN: it is not an account at a bank, and no bank exports a statement of it.`,
    );
  return account;
}

function dateOf(q: URLSearchParams, name: string): string {
  const value = one(q, name, 'a date YYYY-MM-DD');
  const date = parseIsoDate(value);
  if (date === null)
    throw new StatementQueryError(name, `${name} '${value.slice(0, 40)}' is not a date YYYY-MM-DD.`);
  return date;
}

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Reads and checks the query of `GET /_sandbox/statements`: `business` (`de`, `pt` or an id),
 * `bank_account` (an account of that business with an IBAN), `from` and `to` (ISO dates, at most
 * 366 days), `format` (`camt053`, the default, `mt940` or `csv`). Anything else is refused.
 *
 * @throws StatementQueryError 400 naming the parameter at fault.
 */
export function readStatementQuery(state: SandboxState, q: URLSearchParams): StatementQuery {
  for (const name of q.keys())
    if (!PARAMETERS.includes(name))
      throw new StatementQueryError(
        name,
        `Unknown parameter '${name.slice(0, 40)}': the statement export takes ${PARAMETERS.join(', ')}.`,
      );
  const business = businessOf(state, one(q, 'business', '"de", "pt" or the id of a business'));
  const account = accountOf(state, business, one(q, 'bank_account', 'the id of a bank account'));
  const from = dateOf(q, 'from');
  const to = dateOf(q, 'to');
  if (to < from) throw new StatementQueryError('to', `to (${to}) is before from (${from}).`);
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_STATEMENT_DAYS)
    throw new StatementQueryError(
      'to',
      `from ${from} to ${to} is more than ${MAX_STATEMENT_DAYS} days: export a year or less at a time.`,
    );
  const format = q.has('format') ? one(q, 'format', STATEMENT_FORMATS.join(', ')) : 'camt053';
  if (!(STATEMENT_FORMATS as readonly string[]).includes(format))
    throw new StatementQueryError(
      'format',
      `format '${format.slice(0, 40)}' is not one of ${STATEMENT_FORMATS.join(', ')}.`,
    );
  return { business, account, from, to, format: format as StatementExportFormat };
}
