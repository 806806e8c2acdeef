import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Credentials, callJson, mintToken, testSandbox } from './helpers.js';

const require = createRequire(import.meta.url);
const sb = testSandbox();
const creds: Partial<Record<'de' | 'pt', Credentials>> = {};
beforeAll(async () => {
  creds.de = await mintToken(sb, 'de');
  creds.pt = await mintToken(sb, 'pt');
});
afterAll(() => sb.close());

type Schema = {
  properties?: Record<string, { type?: string; maxLength?: number; format?: string; enum?: unknown[] }>;
};
const schema = (v: 'de' | 'pt', name: string): Schema =>
  JSON.parse(readFileSync(require.resolve(`@acctkit/openapi/${v}.json`), 'utf8')).components.schemas[name];

describe('field rules come from the spec', () => {
  for (const v of ['de', 'pt'] as const)
    it(`createContact (${v}): every maxLength of ContactCreate holds at the limit and fails one past it`, async () => {
      const props = Object.entries(schema(v, 'ContactCreate').properties ?? {}).filter(
        ([, p]) => p.type === 'string' && p.maxLength !== undefined && p.format === undefined,
      );
      expect(props.length).toBeGreaterThanOrEqual(4);
      for (const [field, p] of props) {
        const send = async (length: number) =>
          callJson(sb, creds[v] as Credentials, 'POST', '/accounts/v2/contacts', {
            body: {
              'contact[contact_type_id]': '1',
              ...(field === 'name' ? {} : { 'contact[name]': 'Limit' }),
              [`contact[${field}]`]: 'x'.repeat(length),
            },
          });
        const at = await send(p.maxLength as number);
        expect(at.status, `${field} at ${p.maxLength}`).toBe(201);
        const over = await send((p.maxLength as number) + 1);
        expect(over.status, `${field} past ${p.maxLength}`).toBe(422);
        expect(over.body.$diagnoses).toEqual([
          expect.objectContaining({
            $source: field,
            $message: `${field} is too long (maximum is ${p.maxLength} characters).`,
          }),
        ]);
      }
    });

  it('createBankAccount (pt): the enum of account_type_id is the spec’s; required fields are named', async () => {
    const allowed = schema('pt', 'BankAccountCreate').properties?.account_type_id?.enum as number[];
    const bad = Math.max(...allowed) + 1;
    const res = await callJson(sb, creds.pt as Credentials, 'POST', '/accounts/v2/bank_accounts', {
      body: { 'bank_account[account_type_id]': String(bad) },
    });
    expect(res.status).toBe(422);
    expect(res.body.$diagnoses.map((d: { $source: string }) => d.$source).sort()).toEqual([
      'account_name',
      'account_type_id',
    ]);
    expect(res.body.$diagnoses).toContainEqual(
      expect.objectContaining({
        $source: 'account_type_id',
        $message: `account_type_id must be one of ${allowed.join(', ')}.`,
      }),
    );
    expect(res.body.$diagnoses).toContainEqual(
      expect.objectContaining({ $source: 'account_name', $message: 'account_name is required.' }),
    );
  });
});
