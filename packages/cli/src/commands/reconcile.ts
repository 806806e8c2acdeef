import { changeJournalFile, journalLimitsFromEnv, openFileChangeJournal } from '@acctkit/change-journal/node';
import { HttpError } from '@acctkit/client';
import {
  type BookBankAccount,
  ReconcileError,
  readBooks,
  reconcileStatement,
  statementPeriod,
  summarizeStatement,
} from '@acctkit/reconcile';
import { CliError } from '../cli-error.js';
import { type Command, numberValue, positionals, stringValue } from '../command.js';
import { confirm } from '../confirm.js';
import { chooseConnection, connectedClient } from '../connected-client.js';
import { connectionError } from '../connection-error.js';
import { writeJson } from '../output.js';
import { bookedKeys, bookLine, type LineBooking, planBookings } from '../reconcile/book-lines.js';
import { readStatementFile } from '../reconcile/read-statement-file.js';
import {
  bookedText,
  plannedText,
  type Reconciled,
  reconcileJson,
  reconcileText,
} from '../reconcile/reconcile-report.js';

/** `acctkit reconcile`: a bank statement file matched to the books, and its missing lines booked. */
export const reconcile: Command = {
  name: 'reconcile',
  summary: 'match a bank statement file to the books, and book what they lack',
  usage: ['reconcile FILE [--account ID] [--book [--yes]] [--json] [--connection NAME]'],
  description: [
    'Reads FILE, a bank statement: CAMT.053 XML, MT940 (UTF-8 or Windows-1252) or a bank’s CSV export, told apart by their text. A file of several statements of one account (one per day) is read as one. Then reads the books of the connected business once: its bank accounts and contacts, and the expenses and incomes from 30 days before the first line to 30 days after the last. The bank account is the one with the statement’s IBAN or account number, or --account.',
    'Each line is matched, unmatched or ambiguous. A matched line names its record (expense or income and id), how it matched (reference, counterparty, history, or amount and date) and the confidence. An unmatched line shows what to book for it: a new expense or income with the contact whose name the counterparty has, and the ledger account (or income type) and tax that contact’s records use most; "no proposal" when there is none to learn from. An ambiguous line has several equally good records and nothing is guessed. Then the statement’s closing balance is checked against the account’s balance in the books.',
    '--book books the unmatched lines that have a proposal, after you agree to the list (--yes agrees without asking; without a terminal to ask on, --book needs --yes). Each booking is journaled beside the connection with the line’s booking key, as the MCP server’s book_statement_lines does, so the same line is never booked twice, by either of them: a second run says "already booked". `acctkit changes` lists the bookings; the MCP server’s undo_change takes one back.',
    '--json prints {statement, bankAccount, lines, summary} instead of the table (and booked, with --book): lines and summary are the StatementReconciliation of @acctkit/reconcile, each line with its statementLine and bookingKey. Amounts are decimal strings. Texts from the statement (names, remittance) are shown without control characters or escape sequences.',
  ],
  options: {
    account: {
      type: 'string',
      value: 'ID',
      description:
        'The bank account of the books (id); default: the one with the statement’s IBAN or number.',
    },
    book: { type: 'boolean', description: 'Book the unmatched lines that have a proposal (asks first).' },
    yes: { type: 'boolean', short: 'y', description: 'With --book: book without asking.' },
    json: { type: 'boolean', description: 'Print the result as JSON.' },
    connection: { type: 'string', short: 'c', value: 'NAME', description: 'The stored connection to use.' },
  },
  environment: {
    ACCTKIT_CONNECTION: 'connection name',
    ACCTKIT_CONNECTIONS_FILE: 'connection file (default $XDG_CONFIG_HOME/acctkit/connections.json)',
  },
  examples: [
    'acctkit reconcile september.xml',
    'acctkit reconcile MT940_20260930.sta --account 3',
    'acctkit reconcile export.csv --json | jq \'.lines[] | select(.status == "unmatched")\'',
    'acctkit reconcile september.xml --book',
    'acctkit reconcile september.xml --book --yes --connection demo',
  ],
  async run(args, io) {
    const [path] = positionals(args, this, ['FILE']) as [string];
    const accountGiven = stringValue(args, 'account') !== undefined;
    const account = numberValue(
      args,
      'account',
      { min: 1, integer: true, takes: 'a bank account id, a whole number from 1' },
      0,
    );
    const book = args.values.book === true;
    const yes = args.values.yes === true;
    const json = args.values.json === true;
    if (yes && !book)
      throw new CliError('USAGE', '--yes goes with --book: it agrees to book without asking.');

    const file = await readStatementFile(path);
    const chosen = await chooseConnection(io, stringValue(args, 'connection'));
    const { connection } = chosen;
    const client = await connectedClient(io, chosen);
    try {
      const books = await readBooks(client, { period: statementPeriod(file.statement) });
      let result: ReturnType<typeof reconcileStatement>;
      try {
        result = reconcileStatement(file.statement, books, accountGiven ? { bankAccountId: account } : {});
      } catch (error) {
        if (error instanceof ReconcileError && error.code === 'BANK_ACCOUNT_NOT_FOUND')
          throw new CliError(
            'BANK_ACCOUNT',
            accountGiven
              ? `Connection '${connection.name}' has no bank account ${account}: \`acctkit request GET /accounts/v2/bank_accounts\` lists them.`
              : `${error.message.replace(/: pass .*$/, '')} in connection '${connection.name}'. Give the bank account with --account ID: \`acctkit request GET /accounts/v2/bank_accounts\` lists them.`,
            { cause: error },
          );
        throw error;
      }
      const view: Reconciled = {
        variant: connection.variant,
        file,
        result,
        bank: books.bankAccounts.find((b) => b.id === result.summary.bankAccountId) as BookBankAccount,
        balanced: summarizeStatement(file.statement).balanced,
      };
      if (!book) {
        if (json) writeJson(io.stdout, reconcileJson(view));
        else io.stdout.write(reconcileText(view));
        return 0;
      }
      if (!json) io.stdout.write(reconcileText(view));
      const booked = await bookStatement(
        io,
        view,
        { client, name: connection.name, file: chosen.store.file },
        yes,
        json,
      );
      if (json) writeJson(io.stdout, reconcileJson(view, booked));
      const failed = booked.filter((b) => b.status === 'failed').length;
      if (failed > 0)
        throw new CliError(
          'BOOKING',
          `${failed} line(s) could not be booked: the service refused them${json ? ' (see booked[].message)' : ' (see above)'}.`,
        );
      return 0;
    } catch (error) {
      if (error instanceof HttpError)
        throw new CliError('HTTP', `Reading the books failed: ${error.message}`, { cause: error });
      throw connectionError(error, connection);
    }
  },
};

/**
 * `--book`: plans the bookings, asks, and books each line through the connection's journal. Resolves
 * to what was done with each line booked now, booked before, or not bookable.
 */
async function bookStatement(
  io: Parameters<Command['run']>[1],
  view: Reconciled,
  target: { client: Parameters<typeof bookLine>[0]['client']; name: string; file: string },
  yes: boolean,
  json: boolean,
): Promise<LineBooking[]> {
  const journal = openFileChangeJournal(
    changeJournalFile(target.file, target.name),
    journalLimitsFromEnv(io.env),
  );
  const { planned, outcomes } = planBookings(
    view.variant,
    view.file,
    view.result,
    view.bank,
    await bookedKeys(journal),
  );
  // With --json, what is said to a person goes to stderr; after the table, a blank line first.
  const out = json ? io.stderr : io.stdout;
  const gap = json ? '' : '\n';
  if (planned.length === 0) {
    out.write(`${gap}Nothing to book.\n`);
    if (outcomes.length > 0 && !json) out.write(bookedText(view, outcomes));
    return outcomes;
  }
  out.write(`${gap}To book as new records:\n${plannedText(view, planned)}`);
  if (!(await confirm(io, `Book these ${planned.length} line(s)?`, yes))) {
    io.stderr.write('Nothing was booked.\n');
    return outcomes;
  }
  const booked: LineBooking[] = [];
  for (const p of planned)
    booked.push(await bookLine({ client: target.client, journal, business: target.name }, p));
  const all = [...booked, ...outcomes];
  if (!json)
    io.stdout.write(
      `\nBooked ${booked.filter((b) => b.status === 'created').length} of ${planned.length}:\n${bookedText(view, all)}`,
    );
  return all;
}
