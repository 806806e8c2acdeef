/** The scripts in examples/ run against a fresh in-process sandbox (authorize, requestToken, listContacts, createContact, createIncome, listExpenses). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main as connect } from '../examples/connect-with-oauth.js';
import { main as contacts } from '../examples/contacts.js';
import { main as pageExpenses } from '../examples/page-expenses.js';
import { main as recordIncome } from '../examples/record-income.js';
import { type ExampleEnv, startExampleSandbox } from '../examples/sandbox.js';

let env: ExampleEnv;
beforeEach(async () => {
  env = await startExampleSandbox();
});
afterEach(() => env.close());

describe('examples/', () => {
  it('connect-with-oauth: authorize, requestToken, getBusiness', async () => {
    expect(await connect(env)).toMatchObject({ variant: 'pt' });
  });
  it('contacts: listContacts, createContact', async () => {
    const r = await contacts(env);
    expect(r.created).toMatch(/^\/accounts\/v2\/contacts\/\d+$/);
  });
  it('record-income: createIncome', async () => {
    expect(await recordIncome(env)).toMatchObject({ date: '02/05/2024', gross: '123.00' });
  });
  it('page-expenses: listExpenses', async () => {
    const r = await pageExpenses(env);
    expect(r.expenses).toBeGreaterThan(25);
    expect(r.total).toMatch(/^\d+\.\d{2}$/);
  });
});
