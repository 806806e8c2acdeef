import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessConnection } from '../src/index.js';
import { connect, fails, mcpClient, ok, startSandbox } from './harness.js';

let sandbox: Sandbox;
let de: BusinessConnection;
let pt: BusinessConnection;

beforeAll(async () => {
  ({ sandbox } = startSandbox());
  de = await connect(sandbox, 'de');
  pt = await connect(sandbox, 'pt');
});
afterAll(() => sandbox.close());

describe('list_businesses and get_business', () => {
  it('lists both businesses and describes each', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const list = await ok<{ items: { name: string; variant: string }[]; totalCount: number }>(
      client,
      'list_businesses',
    );
    expect(list.items.map((b) => [b.name, b.variant])).toEqual([
      ['de', 'de'],
      ['pt', 'pt'],
    ]);
    for (const business of ['de', 'pt']) {
      const result = await ok<{
        business: { name: string };
        account_summary: { contacts: number; bank_balance_total: string };
      }>(client, 'get_business', { business });
      expect(result.business.name).toBe(business === 'de' ? de.businessName : pt.businessName);
      expect(result.account_summary.contacts).toBe(300);
      expect(result.account_summary.bank_balance_total).toMatch(/^-?\d+\.\d{2}$/);
    }
    await close();
  });

  it('fails closed without business when several are connected, listing the choices', async () => {
    const { client, close } = await mcpClient({ connections: [de, pt] });
    const error = await fails(client, 'get_business');
    expect(error.code).toBe('BUSINESS_REQUIRED');
    expect(error.choices).toEqual(['de', 'pt']);
    const unknown = await fails(client, 'get_business', { business: 'fr' });
    // The same code as with one connection: an unknown name is an unknown business, however many there are.
    expect(unknown.code).toBe('UNKNOWN_BUSINESS');
    expect(unknown.fields?.[0]?.field).toBe('business');
    expect(unknown.choices).toEqual(['de', 'pt']);
    await close();
  });

  it('takes business as optional with one connection', async () => {
    const { client, close } = await mcpClient({ connections: [pt] });
    const result = await ok<{ business: { name: string } }>(client, 'get_business');
    expect(result.business.name).toBe(pt.businessName);
    // Not listed (a shorter catalogue), still accepted, and checked.
    const tool = (await client.listTools()).tools.find((t) => t.name === 'get_business');
    expect(tool?.inputSchema.properties?.business).toBeUndefined();
    expect(
      (await ok<{ business: { name: string } }>(client, 'get_business', { business: 'pt' })).business.name,
    ).toBe(pt.businessName);
    expect((await fails(client, 'get_business', { business: 'de' })).code).toBe('UNKNOWN_BUSINESS');
    await close();
  });
});
