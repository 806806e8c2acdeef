import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connect, fails, mcpClient, startSandbox } from './harness.js';

let sandbox: Sandbox;
let de: BusinessConnection;
let pt: BusinessConnection;

beforeAll(async () => {
  ({ sandbox } = startSandbox());
  de = await connect(sandbox, 'de');
  pt = await connect(sandbox, 'pt');
});
afterAll(() => sandbox.close());

function parse(result: { contents: readonly object[] }): Record<string, unknown> {
  return JSON.parse(String((result.contents[0] as { text?: unknown } | undefined)?.text)) as Record<
    string,
    unknown
  >;
}

describe('resources', () => {
  it('lists the reference lists and profiles of every business, and reads them', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('acctkit://de/reference/income_types');
    expect(uris).toContain('acctkit://pt/reference/countries');
    expect(uris).toContain('acctkit://pt/profile');
    const types = parse(await client.readResource({ uri: 'acctkit://pt/reference/income_types' }));
    expect((types.items as { id: number }[]).map((t) => t.id)).toEqual([401, 402, 403]);
    const profile = parse(await client.readResource({ uri: 'acctkit://de/profile' }));
    expect(profile).toMatchObject({ name: 'de', variant: 'de', business: { name: de.businessName } });
    expect(profile.financial_settings).toBeDefined();
    await close();
  });

  it('reads records through the templates the tools link to', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(
      expect.arrayContaining([
        'acctkit://{business}/contacts/{id}',
        'acctkit://{business}/expenses/{id}',
        'acctkit://{business}/incomes/{id}',
        'acctkit://{business}/reference/{kind}',
      ]),
    );
    const contact = parse(await client.readResource({ uri: 'acctkit://pt/contacts/301' }));
    expect(contact.id).toBe(301);
    const income = parse(await client.readResource({ uri: 'acctkit://de/incomes/1' }));
    expect(income.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(client.readResource({ uri: 'acctkit://de/contacts/999999' })).rejects.toThrow(
      /No such record/,
    );
    await expect(client.readResource({ uri: 'acctkit://fr/contacts/1' })).rejects.toThrow(/No business 'fr'/);
    await expect(client.readResource({ uri: 'acctkit://de/reference/planets' })).rejects.toThrow(
      /No reference list/,
    );
    await close();
  });

  it('completes business names and reference kinds', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const kinds = await client.complete({
      ref: { type: 'ref/resource', uri: 'acctkit://{business}/reference/{kind}' },
      argument: { name: 'kind', value: 'co' },
    });
    expect(kinds.completion.values).toEqual(['contact_types', 'countries']);
    const businesses = await client.complete({
      ref: { type: 'ref/resource', uri: 'acctkit://{business}/contacts/{id}' },
      argument: { name: 'business', value: 'p' },
    });
    expect(businesses.completion.values).toEqual(['pt']);
    await close();
  });
});

describe('prompts', () => {
  it('offers the workflow prompts, with completion, and leaves out those needing writes in read-only mode', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'expense_from_receipt',
      'find_contact',
      'monthly_summary',
    ]);
    const summary = await client.getPrompt({
      name: 'monthly_summary',
      arguments: { business: 'pt', month: '2026-02' },
    });
    const text = (summary.messages[0]?.content as { text: string } | undefined)?.text ?? '';
    expect(text).toContain('summarize_transactions');
    expect(text).toContain('2026-02-01');
    expect(text).toContain('2026-02-28');
    expect(text).toContain('"pt"');
    const months = await client.complete({
      ref: { type: 'ref/prompt', name: 'monthly_summary' },
      argument: { name: 'month', value: '' },
    });
    expect(months.completion.values[0]).toMatch(/^\d{4}-\d{2}$/);
    const business = await client.complete({
      ref: { type: 'ref/prompt', name: 'find_contact' },
      argument: { name: 'business', value: 'd' },
    });
    expect(business.completion.values).toEqual(['de']);
    const receipt = await client.getPrompt({
      name: 'expense_from_receipt',
      arguments: { business: 'de', receipt: 'Bürobedarf Müller, 12.03.2026, netto 10,00 EUR' },
    });
    expect((receipt.messages[0]?.content as { text: string } | undefined)?.text).toContain('dry_run: true');
    await close();
    const readOnly = await mcpClient({ connections: [de], readOnly: true });
    const names = (await readOnly.client.listPrompts()).prompts.map((p) => p.name).sort();
    expect(names).toEqual(['find_contact', 'monthly_summary']);
    await readOnly.close();
  });
});

describe('logging', () => {
  it('sends log lines at the level the client sets', async () => {
    const { client, close } = await mcpClient({ connections: [de] });
    const lines: { level: string; data: unknown }[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      lines.push(n.params);
    });
    await client.setLoggingLevel('error');
    await fails(client, 'get_contact', { id: 999_999 });
    await client.setLoggingLevel('debug');
    await fails(client, 'get_contact', { id: 999_998 });
    await new Promise((r) => setTimeout(r, 20));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warning',
      data: { message: 'get_contact failed', code: 'NOT_FOUND' },
    });
    await close();
  });
});
