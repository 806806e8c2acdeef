/**
 * A bank statement built from the sandbox's own books through the client: one line per expense and
 * income of a month on one bank account (amounts that occur once, so each line has one record), plus
 * lines the books lack: one the books can propose a booking for on each side where the variant can
 * (a debit from a supplier, a credit from a customer, named as their contact is), and a bank fee from
 * nobody the books know.
 */
import { type AccountingClient, createClient, sumDecimals } from '@acctkit/client';
import type { StoredConnection } from '@acctkit/client/node';
import type { BankStatement, StatementLine } from '@acctkit/reconcile';
import { DEMO_CLIENT } from '@acctkit/sandbox';

type Loose = { paginate(path: string, init?: unknown): AsyncGenerator<Record<string, unknown>> };
const idOf = (ref: unknown): number | undefined => (ref as { id?: number } | null)?.id ?? undefined;
const negate = (a: string): string => (a.startsWith('-') ? a.slice(1) : `-${a}`);
const dmyToIso = (dmy: string): string => dmy.split('/').reverse().join('-');
const dmy = (iso: string): string => iso.split('-').reverse().join('/');

/** A record of the books a line of the statement is built from. */
export interface BookedLine {
  readonly kind: 'expense' | 'income';
  readonly id: number;
  readonly amount: string;
}

/** A line the books lack, and what reconcile should say of it. */
export interface ExtraLine {
  readonly amount: string;
  readonly counterparty: string;
  /** The proposal's kind when one is expected, else `undefined` ("no proposal"). */
  readonly proposes: 'expense' | 'income' | undefined;
}

export interface BuiltStatement {
  readonly statement: BankStatement;
  readonly booked: readonly BookedLine[];
  readonly extra: readonly ExtraLine[];
  readonly bankAccountId: number;
}

/**
 * A counterparty name with an 8-bit escape sequence (CSI) and a bidi override, as an untrusted payer
 * may send (CAMT.053 is XML, which has no room for 7-bit ESC); what the table may show of it is
 * {@link HOSTILE_NAME_SHOWN}.
 */
export const HOSTILE_NAME = 'Hausbank\u009b2J \u202eGebuehr\u2066';
export const HOSTILE_NAME_SHOWN = 'Hausbank 2J Gebuehr';

export function clientOf(connection: StoredConnection): AccountingClient {
  return createClient({
    variant: connection.variant,
    baseUrl: connection.baseUrl,
    credentials: { accessToken: connection.tokens.accessToken, signingSecret: DEMO_CLIENT.signingSecret },
    userAgent: 'acctkit-cli-tests/1.0',
  });
}

export async function statementFromBooks(
  connection: StoredConnection,
  month: { from: string; to: string },
): Promise<BuiltStatement> {
  const client = clientOf(connection) as unknown as Loose;
  const all = async (path: string, query: Record<string, unknown> = {}) => {
    const out: Record<string, unknown>[] = [];
    for await (const r of client.paginate(path, { params: { query } })) out.push(r);
    return out;
  };
  const banks = await all('/accounts/v2/bank_accounts');
  const contacts = await all('/accounts/v2/contacts');
  const expenses = await all('/accounts/v2/expenses', { from_date: month.from, to_date: month.to });
  const incomes = await all('/accounts/v2/incomes', { from_date: dmy(month.from), to_date: dmy(month.to) });
  // The bank account with an IBAN (de) or account number (pt) with the most expenses of the month.
  const named = new Set(
    banks.filter((b) => (typeof b.iban === 'string' ? b.iban : b.account_number)).map((b) => b.id as number),
  );
  const counts = new Map<number, number>();
  for (const e of expenses)
    if (named.has(idOf(e.bank_account) ?? 0))
      counts.set(idOf(e.bank_account) ?? 0, (counts.get(idOf(e.bank_account) ?? 0) ?? 0) + 1);
  const bankId = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] as number;
  const bank = banks.find((b) => b.id === bankId) as Record<string, unknown>;
  const ledger = idOf(bank.ledger_account);
  const onBank = {
    expenses: expenses.filter((e) => idOf(e.bank_account) === bankId),
    incomes: incomes.filter((i) => !i.voided && (ledger === undefined || idOf(i.destination) === ledger)),
  };
  const rows = [
    ...onBank.expenses.map((e) => ({
      kind: 'expense' as const,
      id: e.id as number,
      amount: negate(String(e.gross_total ?? e.total)),
      date: String(e.date),
    })),
    ...onBank.incomes.map((i) => ({
      kind: 'income' as const,
      id: i.id as number,
      amount: String(i.gross_amount),
      date: dmyToIso(String(i.date)),
    })),
  ];
  const key = (amount: string) => amount.replace('-', '');
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(key(r.amount), (seen.get(key(r.amount)) ?? 0) + 1);
  const unique = rows
    .filter((r) => seen.get(key(r.amount)) === 1)
    .sort((a, b) => a.date.localeCompare(b.date));
  const last = unique[unique.length - 1]?.date ?? month.to;

  // A contact named once in the books, so the counterparty's name finds exactly it.
  const names = new Map<string, number>();
  for (const c of contacts)
    for (const n of [c.name, c.company])
      if (typeof n === 'string' && n) names.set(n.toLowerCase(), (names.get(n.toLowerCase()) ?? 0) + 1);
  const nameOf = (id: number | undefined): string | undefined => {
    const c = contacts.find((x) => x.id === id);
    const name = typeof c?.name === 'string' ? c.name : undefined;
    return name && names.get(name.toLowerCase()) === 1 ? name : undefined;
  };
  const amounts = new Set(rows.map((r) => key(r.amount)));
  const fresh = (start: string): string => {
    let cents = Math.round(Number(start) * 100);
    while (amounts.has((cents / 100).toFixed(2))) cents += 1;
    amounts.add((cents / 100).toFixed(2));
    return (cents / 100).toFixed(2);
  };
  const extra: ExtraLine[] = [];
  const supplier = onBank.expenses
    .map((e) =>
      idOf(e.ledger_account) === undefined ? undefined : nameOf(e.contact_id as number | undefined),
    )
    .find((n) => n !== undefined);
  if (supplier) extra.push({ amount: `-${fresh('37.81')}`, counterparty: supplier, proposes: 'expense' });
  const customer = onBank.incomes
    .map((i) => (idOf(i.source) === undefined ? undefined : nameOf(idOf(i.contact))))
    .find((n) => n !== undefined);
  if (customer) extra.push({ amount: fresh('512.34'), counterparty: customer, proposes: 'income' });
  extra.push({ amount: `-${fresh('4.90')}`, counterparty: HOSTILE_NAME, proposes: undefined });

  const lines: StatementLine[] = [
    ...unique.map((r) => ({
      line: '',
      currency: 'EUR',
      bookingDate: r.date,
      valueDate: r.date,
      amount: r.amount,
    })),
    ...extra.map((x, i) => ({
      line: '',
      currency: 'EUR',
      bookingDate: last,
      valueDate: last,
      amount: x.amount,
      counterpartyName: x.counterparty,
      bankReference: `EXTRA-${i + 1}`,
    })),
  ];
  const balance = String(bank.balance);
  const opening = sumDecimals([balance, ...lines.map((l) => negate(l.amount))]);
  const iban = typeof bank.iban === 'string' && bank.iban ? bank.iban : undefined;
  const statement: BankStatement = {
    format: 'camt053',
    id: 'STMT-CLI-1',
    account: iban ? { iban } : { number: String(bank.account_number) },
    currency: 'EUR',
    opening: { amount: opening, date: unique[0]?.date ?? month.from },
    closing: { amount: balance, date: last },
    lines,
  };
  return {
    statement,
    booked: unique.map(({ kind, id, amount }) => ({ kind, id, amount })),
    extra,
    bankAccountId: bankId,
  };
}

/**
 * The statement as a German bank's MT940 export in Windows-1252 (CRLF, one statement per half of the
 * lines, as banks write a statement a day), the fee's counterparty `Gebühr Müller` in single bytes.
 * Bank references are kept, so each line has the booking key its CAMT.053 twin has.
 */
export function mt940Of(statement: BankStatement): Uint8Array {
  const yymmdd = (iso: string) => iso.slice(2).replaceAll('-', '');
  const mark = (amount: string) => (amount.startsWith('-') ? 'D' : 'C');
  const amount = (a: string) => a.replace('-', '').replace('.', ',');
  const half = Math.ceil(statement.lines.length / 2);
  const parts = [statement.lines.slice(0, half), statement.lines.slice(half)];
  const account = statement.account.iban ?? statement.account.number ?? '';
  let balance = statement.opening?.amount ?? '0.00';
  const out: string[] = [];
  parts.forEach((lines, i) => {
    const date = lines[lines.length - 1]?.bookingDate ?? statement.closing?.date ?? '';
    out.push(`:20:CLI-${i + 1}`, `:25:${account}`, `:28C:${i + 1}/1`);
    out.push(`:60F:${mark(balance)}${yymmdd(lines[0]?.bookingDate ?? date)}EUR${amount(balance)}`);
    for (const l of lines) {
      balance = sumDecimals([balance, l.amount]);
      const name = l.counterpartyName === HOSTILE_NAME ? 'Gebühr Müller' : (l.counterpartyName ?? '');
      out.push(
        `:61:${yymmdd(l.bookingDate)}${mark(l.amount)}${amount(l.amount)}NTRFNONREF${l.bankReference ? `//${l.bankReference}` : ''}`,
        `:86:166?00UEBERWEISUNG?20Zahlung${name ? `?32${name.slice(0, 27)}${name.length > 27 ? `?33${name.slice(27, 54)}` : ''}` : ''}`,
      );
    }
    out.push(`:62F:${mark(balance)}${yymmdd(date)}EUR${amount(balance)}`, '-');
  });
  return Uint8Array.from(`${out.join('\r\n')}\r\n`, (c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in Windows-1252's Latin-1 range: ${c}`);
    return code;
  });
}
