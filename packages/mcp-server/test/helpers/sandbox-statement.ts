// A sandbox on a real port as the reconciliation tests and bench use it: connections that reach it
// over HTTP, its statement export over HTTP, and the booked records a statement's lines stand for.
import { createMemoryChangeJournal } from '@acctkit/change-journal';
import { createClient, createTokenManager, toTokenSet } from '@acctkit/client';
import type { RunningServer } from '@acctkit/sandbox';
import type { BusinessConnection } from '../../src/index.js';

export type Variant = 'de' | 'pt';
export type StatementFormat = 'camt053' | 'mt940' | 'csv';

type Json = Record<string, unknown>;
type Loose = { paginate(path: string, init?: unknown): AsyncGenerator<Json> };

const idOf = (ref: unknown): number | undefined => (ref as { id?: number } | null)?.id ?? undefined;
const dmy = (iso: string): string => iso.split('-').reverse().join('/');
const iso = (dmyDate: string): string => dmyDate.split('/').reverse().join('-');

/** Tokens of a demo business minted through the admin API, as `POST /_sandbox/tokens` gives them. */
export interface MintedTokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly scope: string;
  readonly token_type: string;
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly business_id: number;
}

/** Mints full-access tokens of a demo business through the sandbox's admin API. */
export async function mintTokens(server: RunningServer, variant: Variant): Promise<MintedTokens> {
  const res = await fetch(`${server.url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business: variant, scope: 'full_access' }),
  });
  if (!res.ok) throw new Error(`tokens: ${res.status} ${await res.text()}`);
  return (await res.json()) as MintedTokens;
}

/** A full-access connection to a demo business of a sandbox on a port, through the global fetch. */
export async function connectOverHttp(server: RunningServer, variant: Variant): Promise<BusinessConnection> {
  const token = await mintTokens(server, variant);
  const tokens = createTokenManager({
    baseUrl: server.url,
    clientId: token.client_id,
    clientSecret: token.client_secret,
    signingSecret: token.signing_secret,
    tokens: toTokenSet(token as unknown as Parameters<typeof toTokenSet>[0], Date.now()),
  });
  return {
    name: variant,
    variant,
    businessId: token.business_id,
    businessName: variant === 'de' ? 'Schneider Werbetechnik GmbH' : 'Ferreira & Costa Design, Lda.',
    scope: 'full_access',
    client: createClient({
      variant,
      baseUrl: server.url,
      tokens,
      userAgent: 'acctkit-mcp-test',
      retry: false,
    }),
    journal: createMemoryChangeJournal(),
  };
}

/** Every record of a list path through the client's paging. */
async function all(connection: BusinessConnection, path: string, query: Json = {}): Promise<Json[]> {
  const out: Json[] = [];
  for await (const r of (connection.client as unknown as Loose).paginate(path, { params: { query } }))
    out.push(r);
  return out;
}

/** The first account of the business at a bank (the export refuses a cash account). */
export async function bankAccountOf(connection: BusinessConnection): Promise<Json> {
  const accounts = await all(connection, '/accounts/v2/bank_accounts');
  // `de` accounts show their IBAN; `pt` ones only the number, which a cash box has not.
  const account = accounts.find((a) => (connection.variant === 'de' ? a.iban : a.account_number));
  if (!account) throw new Error(`${connection.variant} has no bank account at a bank`);
  return account;
}

/** A record as a statement line shows it: kind, id and the signed gross amount. */
export interface AccountRecord {
  readonly kind: 'expense' | 'income';
  readonly id: number;
  readonly date: string;
  readonly amount: string;
}

/**
 * The expenses paid from `account` and the incomes paid into it (not voided) dated `from` to `to`, as
 * the data API gives them now, each with the amount its bank line shows (negative for an expense).
 */
export async function accountRecords(
  connection: BusinessConnection,
  account: Json,
  from: string,
  to: string,
): Promise<AccountRecord[]> {
  const [expenses, incomes] = await Promise.all([
    all(connection, '/accounts/v2/expenses', { from_date: from, to_date: to }),
    all(connection, '/accounts/v2/incomes', { from_date: dmy(from), to_date: dmy(to) }),
  ]);
  const ledger = idOf(account.ledger_account);
  return [
    ...expenses
      .filter((e) => idOf(e.bank_account) === account.id)
      .map((e) => ({
        kind: 'expense' as const,
        id: e.id as number,
        date: String(e.date),
        amount: `-${String(connection.variant === 'de' ? e.gross_total : e.total)}`,
      })),
    ...incomes
      .filter((i) => !i.voided && idOf(i.destination) === ledger)
      .map((i) => ({
        kind: 'income' as const,
        id: i.id as number,
        date: iso(String(i.date)),
        amount: String(i.gross_amount),
      })),
  ];
}

/** The statement of an account for a period as the sandbox exports it over HTTP (`GET /_sandbox/statements`). */
export async function exportStatement(
  server: RunningServer,
  query: { business: Variant; bankAccount: number; from: string; to: string; format: StatementFormat },
): Promise<string> {
  const q = new URLSearchParams({
    business: query.business,
    bank_account: String(query.bankAccount),
    from: query.from,
    to: query.to,
    format: query.format,
  });
  const res = await fetch(`${server.url}/_sandbox/statements?${q}`, {
    headers: { Authorization: `Bearer ${server.adminToken}` },
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`statement export: ${res.status} ${text}`);
  return text;
}
