import { createClient } from '@acctkit/client';
import { describe, expect, it } from 'vitest';
import { type BusinessConnection, listTools } from '../src/index.js';
import { BASE, fails, mcpClient, useConnections } from './harness.js';

const connections = useConnections();

/** One failing call per tool, and the code it must give. */
const FAILURES: Record<string, [Record<string, unknown>, string]> = {
  list_businesses: [{ verbose: true }, 'INVALID_ARGUMENTS'],
  get_business: [{ business: 'nowhere' }, 'UNKNOWN_BUSINESS'],
  list_contacts: [{ limit: 0 }, 'INVALID_ARGUMENTS'],
  get_contact: [{ id: 999_999 }, 'NOT_FOUND'],
  create_contact: [{ name: 'No type' }, 'INVALID_ARGUMENTS'],
  update_contact: [{ id: 999_999, notes: 'x' }, 'NOT_FOUND'],
  delete_contact: [{ id: 999_999, confirm: true }, 'NOT_FOUND'],
  list_expenses: [{ from_date: '2026-13-01', to_date: '2026-12-31' }, 'INVALID_ARGUMENTS'],
  get_expense: [{ id: 999_999 }, 'NOT_FOUND'],
  create_expense: [
    { date: '2026-01-01', total: '1.00', bank_account_id: 999, ledger_account_id: 999 },
    'VALIDATION_FAILED',
  ],
  update_expense: [{ id: 999_999, total: '1.00', confirm: true }, 'NOT_FOUND'],
  delete_expense: [{ id: 999_999, confirm: true }, 'NOT_FOUND'],
  list_incomes: [{ from_date: '2026-01-01' }, 'INVALID_ARGUMENTS'],
  get_income: [{ id: 999_999 }, 'NOT_FOUND'],
  create_income: [
    { date: '2026-01-01', amount: '1.00', source_id: 9, destination_id: 9, payment_method_id: 9 },
    'VALIDATION_FAILED',
  ],
  list_bank_accounts: [{ cursor: 'not-a-cursor' }, 'INVALID_ARGUMENTS'],
  list_products: [{ limit: 201 }, 'INVALID_ARGUMENTS'],
  list_reference: [{ kind: 'planets' }, 'INVALID_ARGUMENTS'],
  summarize_transactions: [
    { from_date: '2026-01-01', to_date: '2026-01-31', group_by: 'weekday' },
    'INVALID_ARGUMENTS',
  ],
  reconcile_statement: [{ statement: 'not a bank statement' }, 'INVALID_ARGUMENTS'],
  book_statement_lines: [
    { statement: 'not a bank statement', all_unmatched: true, confirm: true },
    'INVALID_ARGUMENTS',
  ],
  list_changes: [{ since: 'yesterday' }, 'INVALID_ARGUMENTS'],
  undo_change: [{ change: 'no-such-entry', confirm: true }, 'NOT_FOUND'],
};

describe.each(['de', 'pt'] as const)('every tool fails with a coded result (%s)', (variant) => {
  it('covers the whole catalogue', () => {
    expect(Object.keys(FAILURES).sort()).toEqual(
      listTools()
        .map((t) => t.name)
        .sort(),
    );
  });

  it.each(Object.entries(FAILURES))('%s', async (name, [args, code]) => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const error = await fails(client, name, args);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(20);
    await close();
  });
});

describe('a service that cannot be reached', () => {
  it('gives NETWORK_ERROR results, not a crash', async () => {
    const offline: BusinessConnection = {
      ...connections.de,
      name: 'offline',
      client: createClient({
        variant: 'de',
        baseUrl: BASE,
        credentials: { accessToken: 'offline-token', signingSecret: 'offline-secret' },
        userAgent: 'test',
        fetch: () => Promise.reject(new TypeError('fetch failed')),
        retry: false,
      }),
    };
    const { client, close } = await mcpClient({ connections: [offline] });
    const error = await fails(client, 'list_contacts', {});
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', business: 'offline' });
    expect(JSON.stringify(error)).not.toContain('offline-token');
    expect(
      (
        await fails(client, 'summarize_transactions', {
          from_date: '2026-01-01',
          to_date: '2026-01-31',
          group_by: 'month',
        })
      ).code,
    ).toBe('NETWORK_ERROR');
    await close();
  });
});
