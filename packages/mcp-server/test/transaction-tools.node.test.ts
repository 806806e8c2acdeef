import { sumDecimals } from '@acctkit/client';
import { describe, expect, it } from 'vitest';
import { call, countOf, fails, mcpClient, ok, recordOf, useConnections } from './harness.js';

const connections = useConnections();

type Page = { items: Record<string, unknown>[]; nextCursor?: string; totalCount: number };
type Change = {
  status: string;
  changed: boolean;
  record?: Record<string, unknown>;
  body?: unknown;
  form_body?: string;
};

async function firstId(
  client: Parameters<typeof ok>[0],
  tool: string,
  args: Record<string, unknown>,
): Promise<number> {
  const page = await ok<Page>(client, tool, { limit: 1, ...args });
  return page.items[0]?.id as number;
}

describe.each(['de', 'pt'] as const)('expense tools (%s)', (variant) => {
  const ids = { de: { bank: 1, type: 111 }, pt: { bank: 4, type: 301 } }[variant];
  const expense = {
    date: '2026-03-15',
    total: '123.45',
    bank_account_id: ids.bank,
    ledger_account_id: ids.type,
  };

  it('lists expenses of a period to the end with ISO dates, and gets one', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const period = { from_date: '2026-01-01', to_date: '2026-06-30' };
    let cursor: string | undefined;
    const dates: string[] = [];
    let total = 0;
    do {
      const page: Page = await ok<Page>(client, 'list_expenses', {
        ...period,
        limit: 25,
        ...(cursor ? { cursor } : {}),
      });
      total = page.totalCount;
      for (const item of page.items) dates.push(item.date as string);
      cursor = page.nextCursor;
    } while (cursor);
    expect(dates.length).toBe(total);
    expect(total).toBeGreaterThan(25);
    expect(dates.every((d) => d >= period.from_date && d <= period.to_date)).toBe(true);
    const id = await firstId(client, 'list_expenses', {});
    const got = await call(client, 'get_expense', { id });
    expect((got.structuredContent as { date: string }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(got.content.find((c) => c.type === 'resource_link')).toMatchObject({
      uri: `acctkit://${variant}/expenses/${id}`,
    });
    await close();
  });

  it('creates an expense; a dry run shows the exact body and sends nothing', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const before = await countOf(connections[variant], '/accounts/v2/expenses');
    const dry = await ok<Change>(client, 'create_expense', { ...expense, dry_run: true });
    // Variant B's expense keys are flat; Variant A wraps them in expense[...].
    expect(dry.body).toEqual(variant === 'de' ? { expense } : expense);
    expect(dry.form_body).toContain(variant === 'de' ? 'expense%5Btotal%5D=123.45' : 'total=123.45');
    expect(await countOf(connections[variant], '/accounts/v2/expenses')).toBe(before);
    const created = await ok<Change>(client, 'create_expense', expense);
    expect(created).toMatchObject({ status: 'created', record: { date: '2026-03-15', total: '123.45' } });
    expect(await countOf(connections[variant], '/accounts/v2/expenses')).toBe(before + 1);
    await close();
  });

  it('maps the service’s field errors to arguments with a hint naming the tool to ask', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const error = await fails(client, 'create_expense', { ...expense, ledger_account_id: 9999 });
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toContainEqual(
      expect.objectContaining({
        field: 'ledger_account_id',
        hint: "Ids: list_reference kind 'expense_types'.",
      }),
    );
    const date = await fails(client, 'create_expense', { ...expense, date: '15/03/2026' });
    expect(date.code).toBe('INVALID_ARGUMENTS');
    expect(date.fields?.[0]?.field).toBe('date');
    const amount = await fails(client, 'create_expense', { ...expense, total: 12.5 });
    expect(amount.fields?.[0]?.field).toBe('total');
    await close();
  });

  it('refuses an amount given as a JSON number, saying how to write it, and creates nothing', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const before = await countOf(connections[variant], '/accounts/v2/expenses');
    const problem = 'give the amount as a string with at most two decimals, like "99.00"';
    // `99.00` in JSON is the number 99; a float never becomes an amount.
    for (const total of [99, 99.1, 0.30000000000000004, '99.999', '1e3']) {
      const refused = await fails(client, 'create_expense', { ...expense, total });
      expect(refused.code).toBe('INVALID_ARGUMENTS');
      expect(refused.fields).toEqual([{ field: 'total', problem }]);
    }
    if (variant === 'de') {
      // An optional amount (de only) too.
      const optional = await fails(client, 'create_expense', { ...expense, vat_value: 19 });
      expect(optional.fields).toEqual([{ field: 'vat_value', problem }]);
    }
    const update = await fails(client, 'update_expense', { id: 1, total: 200, confirm: true });
    expect(update.fields).toEqual([{ field: 'total', problem }]);
    expect(await countOf(connections[variant], '/accounts/v2/expenses')).toBe(before);
    expect(await ok<Change>(client, 'create_expense', { ...expense, total: '99.00' })).toMatchObject({
      status: 'created',
      record: { total: '99.00' },
    });
    await close();
  });

  it('asks before an update that changes an amount, not before one that does not', async () => {
    const forms: string[] = [];
    let answer: 'accept' | 'decline' = 'decline';
    const { client, close } = await mcpClient({ connections: [connections[variant]] }, { elicitation: {} });
    client.setRequestHandler('elicitation/create', async (request) => {
      forms.push(request.params.message);
      return answer === 'accept' ? { action: 'accept', content: { confirm: true } } : { action: 'decline' };
    });
    const { record } = await ok<Change>(client, 'create_expense', expense);
    const id = record?.id as number;
    const declined = await ok<Change>(client, 'update_expense', { id, total: '200.00' });
    expect(declined).toMatchObject({ status: 'declined' });
    expect(forms[0]).toContain('123.45 → 200.00');
    expect(forms[0]).toContain('2026-03-15');
    expect((await recordOf(connections[variant], '/accounts/v2/expenses', id))?.total).toBe('123.45');

    const dry = await ok<Change>(client, 'update_expense', { id, total: '200.00', dry_run: true });
    expect(dry.status).toBe('dry_run');
    expect(forms).toHaveLength(1);

    const sameAmount = await ok<Change>(client, 'update_expense', {
      id,
      total: '123.45',
      date: '2026-03-16',
    });
    expect(sameAmount.status).toBe('updated');
    expect(forms).toHaveLength(1);

    answer = 'accept';
    const updated = await ok<Change>(client, 'update_expense', { id, total: '200.00' });
    expect(updated).toMatchObject({ status: 'updated', record: { total: '200.00', date: '2026-03-16' } });
    expect((await recordOf(connections[variant], '/accounts/v2/expenses', id))?.total).toBe('200.00');
    const deleted = await ok<Change>(client, 'delete_expense', { id });
    expect(deleted.status).toBe('deleted');
    expect(await recordOf(connections[variant], '/accounts/v2/expenses', id)).toBeUndefined();
    await close();
  });
});

describe.each(['de', 'pt'] as const)('income tools (%s)', (variant) => {
  const ids = { de: { source: 201, destination: 1100 }, pt: { source: 401, destination: 1200 } }[variant];
  const income = {
    date: '2026-04-02',
    invoice_date: '2026-03-30',
    amount: '1000.00',
    source_id: ids.source,
    destination_id: ids.destination,
    payment_method_id: 1,
  };

  it('takes and returns ISO dates while the wire speaks dd/mm/yyyy', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const dry = await ok<Change>(client, 'create_income', { ...income, dry_run: true });
    expect(dry.body).toEqual({ income: { ...income, date: '02/04/2026', invoice_date: '30/03/2026' } });
    const created = await ok<Change>(client, 'create_income', income);
    expect(created.record).toMatchObject({
      date: '2026-04-02',
      invoice_date: '2026-03-30',
      amount: '1000.00',
    });
    const page = await ok<Page>(client, 'list_incomes', {
      from_date: '2026-04-02',
      to_date: '2026-04-02',
      limit: 200,
    });
    expect(page.items.map((i) => i.id)).toContain(created.record?.id);
    expect(page.items.every((i) => i.date === '2026-04-02')).toBe(true);
    const got = await ok<{ date: string }>(client, 'get_income', { id: created.record?.id });
    expect(got.date).toBe('2026-04-02');
    const missing = await fails(client, 'list_incomes', { from_date: '2026-04-02' });
    expect(missing.fields?.[0]?.field).toBe('to_date');
    const bad = await fails(client, 'create_income', { ...income, source_id: 9999 });
    expect(bad.fields).toContainEqual(
      expect.objectContaining({
        field: 'source_id',
        hint: "Ids: list_reference kind 'income_types'.",
      }),
    );
    await close();
  });
});

describe.each(['de', 'pt'] as const)('reference tools and summaries (%s)', (variant) => {
  it('lists every reference kind, bank accounts and products', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    for (const kind of [
      'account_types',
      'artefact_statuses',
      'contact_types',
      'countries',
      'expense_types',
      'income_types',
    ]) {
      const ids = new Set<unknown>();
      let cursor: string | undefined;
      let total = 0;
      do {
        const page: Page = await ok<Page>(client, 'list_reference', {
          kind,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        for (const item of page.items) ids.add(item.id);
        total = page.totalCount;
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids.size, kind).toBe(total);
      expect(total, kind).toBeGreaterThan(0);
    }
    expect((await fails(client, 'list_reference', { kind: 'planets' })).code).toBe('INVALID_ARGUMENTS');
    expect((await ok<Page>(client, 'list_bank_accounts', {})).totalCount).toBe(3);
    const products = await ok<Page>(client, 'list_products', { limit: 30 });
    expect(products.totalCount).toBe(40);
    expect((await ok<Page>(client, 'list_products', { cursor: products.nextCursor })).items).toHaveLength(10);
    await close();
  });

  it('summarizes a period exactly, by month, type and contact, with progress', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const from = '2025-01-01';
    const to = '2026-12-31';
    // What the totals must be, from the service directly.
    const api = connections[variant].client as unknown as {
      listAll(path: string, init: unknown): Promise<Record<string, string>[]>;
    };
    const expenses = await api.listAll('/accounts/v2/expenses', {
      params: { query: { from_date: from, to_date: to } },
    });
    const incomes = await api.listAll('/accounts/v2/incomes', {
      params: { query: { from_date: '01/01/2025', to_date: '31/12/2026' } },
    });
    const voided = incomes.filter((i) => (i as unknown as { voided: boolean }).voided).length;
    const voidedDe = variant === 'de' ? voided : 0;
    const voidedPt = variant === 'pt' ? voided : 0;
    incomes.splice(
      0,
      incomes.length,
      ...incomes.filter((i) => !(i as unknown as { voided: boolean }).voided),
    );
    for (const group_by of ['month', 'type', 'contact']) {
      const progress: { progress: number; total?: number | undefined }[] = [];
      const result = (
        await client.callTool(
          { name: 'summarize_transactions', arguments: { from_date: from, to_date: to, group_by } },
          {
            onprogress: (p) => progress.push(p),
          },
        )
      ).structuredContent as {
        groups: {
          key: string;
          expenses: { count: number; net: string };
          incomes: { count: number; gross: string };
        }[];
        totals: {
          expenses: { count: number; net: string; gross: string };
          incomes: { count: number; gross: string };
        };
      };
      // The period comes back under the names the list tools use.
      expect(result).toMatchObject({ from_date: from, to_date: to, group_by });
      expect(result.totals.expenses.count).toBe(expenses.length);
      // Money keeps two decimals, even where a variant has no tax on expenses.
      for (const g of [...result.groups, result.totals])
        for (const amount of [g.expenses.net, g.incomes.gross]) expect(amount).toMatch(/^-?\d+\.\d{2}$/);
      expect(result.totals.expenses.net).toBe(sumDecimals(expenses.map((e) => e.total as string)));
      expect(result.totals.incomes.gross).toBe(sumDecimals(incomes.map((i) => i.gross_amount as string)));
      expect(sumDecimals(result.groups.map((g) => g.expenses.net))).toBe(result.totals.expenses.net);
      expect(result.groups.reduce((n, g) => n + g.incomes.count, 0)).toBe(incomes.length);
      if (group_by === 'month') expect(result.groups.every((g) => /^\d{4}-\d{2}$/.test(g.key))).toBe(true);
      // One notification per page, rising to the number of records.
      expect(progress.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < progress.length; i++)
        expect(progress[i]?.progress).toBeGreaterThan(progress[i - 1]?.progress as number);
      expect(progress.at(-1)?.progress).toBe(
        expenses.length + incomes.length + (variant === 'de' ? voidedDe : voidedPt),
      );
    }
    const backwards = await fails(client, 'summarize_transactions', {
      from_date: to,
      to_date: from,
      group_by: 'month',
    });
    expect(backwards.code).toBe('INVALID_ARGUMENTS');
    expect(backwards.fields).toEqual([{ field: 'from_date', problem: 'after to_date' }]);
    // The old names are not arguments of the tool.
    const old = await fails(client, 'summarize_transactions', { from, to, group_by: 'month' });
    expect(old.fields?.map((f) => f.field)).toEqual(
      expect.arrayContaining(['from_date', 'to_date', 'from', 'to']),
    );
    await close();
  });
});
