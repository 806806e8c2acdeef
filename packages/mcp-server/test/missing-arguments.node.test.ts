// A call without a required argument fails as INVALID_ARGUMENTS naming the argument and what it takes,
// from the argument's own schema, instead of zod's "expected number, received undefined".
import { describe, expect, it } from 'vitest';
import { fails, mcpClient, useConnections } from './harness.js';

const connections = useConnections();

describe('missing required arguments', () => {
  it('name the argument and what it takes, each once', async () => {
    const { client, close } = await mcpClient({ connections: [connections.de, connections.pt] });
    const problems = async (tool: string, args: Record<string, unknown>) => {
      const error = await fails(client, tool, args);
      expect(error.code, tool).toBe('INVALID_ARGUMENTS');
      return error.fields;
    };
    expect(await problems('get_contact', { business: 'de' })).toEqual([
      { field: 'id', problem: 'id is required: contact id, from list_contacts.' },
    ]);
    // `null` is as missing as absent.
    expect(await problems('delete_expense', { business: 'pt', id: null })).toEqual([
      { field: 'id', problem: 'id is required: expense id, from list_expenses.' },
    ]);
    expect(await problems('list_reference', { business: 'pt' })).toEqual([
      {
        field: 'kind',
        problem:
          'kind is required: reference list, one of account_types, artefact_statuses, contact_types, countries, expense_types, income_types.',
      },
    ]);
    expect(await problems('summarize_transactions', { business: 'de', from_date: '2026-01-01' })).toEqual([
      { field: 'to_date', problem: 'to_date is required: last day of the period, a date, YYYY-MM-DD.' },
      { field: 'group_by', problem: 'group_by is required: how to group, one of month, type, contact.' },
    ]);
    // With both variants listed, the business's own variant's description speaks (no `de: `), and an
    // id argument keeps the hint of where its values come from.
    expect(await problems('create_expense', { business: 'de', date: '2026-01-05', total: '10.00' })).toEqual([
      {
        field: 'bank_account_id',
        problem: 'bank_account_id is required: bank account id, from list_bank_accounts.',
        hint: 'Ids: list_bank_accounts.',
      },
      {
        field: 'ledger_account_id',
        problem: "ledger_account_id is required: expense type id, from list_reference kind 'expense_types'.",
        hint: "Ids: list_reference kind 'expense_types'.",
      },
    ]);
    // A description that only repeats the name gives way to the type and its limit.
    expect(await problems('create_contact', { business: 'pt', contact_type_id: 1 })).toEqual([
      { field: 'name', problem: 'name is required: text of at most 50 characters.' },
    ]);
    await close();
  });

  it('leave the problems of arguments given with a wrong value as they were', async () => {
    const { client, close } = await mcpClient({ connections: [connections.de] });
    const error = await fails(client, 'get_contact', { id: 'seven' });
    expect(error.fields).toEqual([
      { field: 'id', problem: 'Invalid input: expected number, received string' },
    ]);
    const small = await fails(client, 'get_contact', { id: 0 });
    expect(small.fields?.[0]?.field).toBe('id');
    expect(small.fields?.[0]?.problem).not.toContain('required');
    await close();
  });
});
