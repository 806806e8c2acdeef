/**
 * The scripts in examples/ (authorize, requestToken, listContacts, createContact, createIncome,
 * listExpenses), run both ways a user runs them: against a fresh in-process sandbox, and against a
 * sandbox running on a real port (`ACCTKIT_BASE_URL` + `ACCTKIT_ADMIN_TOKEN`, tokens minted through
 * its admin API), reached with the global fetch.
 */
import { type RunningServer, startServer } from '@acctkit/sandbox';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main as connect } from '../examples/connect-with-oauth.js';
import { main as contacts } from '../examples/contacts.js';
import { main as pageExpenses } from '../examples/page-expenses.js';
import { main as recordIncome } from '../examples/record-income.js';
import { type ExampleEnv, startExampleSandbox } from '../examples/sandbox.js';

const ADMIN_TOKEN = 'examples-running-admin';
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    database: ':memory:',
    adminToken: ADMIN_TOKEN,
    rateLimitPerMinute: 0,
  });
});
afterAll(() => server.close());

const ways: [string, () => Record<string, string | undefined>][] = [
  ['in-process', () => ({})],
  ['running (ACCTKIT_BASE_URL)', () => ({ ACCTKIT_BASE_URL: server.url, ACCTKIT_ADMIN_TOKEN: ADMIN_TOKEN })],
];

for (const [way, environment] of ways)
  describe(`examples/ against a sandbox ${way}`, () => {
    let env: ExampleEnv;
    afterEach(() => env.close());
    const start = async (): Promise<ExampleEnv> => {
      env = await startExampleSandbox(environment());
      return env;
    };

    it('uses the sandbox it was given', async () => {
      const e = await start();
      expect(e.baseUrl).toBe(environment().ACCTKIT_BASE_URL ?? 'https://api.sandbox.test');
    });
    it('connect-with-oauth: authorize, requestToken, getBusiness', async () => {
      expect(await connect(await start())).toMatchObject({ variant: 'pt' });
    });
    it('contacts: listContacts, createContact', async () => {
      const r = await contacts(await start());
      expect(r.created).toMatch(/^\/accounts\/v2\/contacts\/\d+$/);
    });
    it('record-income: createIncome', async () => {
      expect(await recordIncome(await start())).toMatchObject({ date: '02/05/2024', gross: '123.00' });
    });
    it('page-expenses: listExpenses', async () => {
      const r = await pageExpenses(await start());
      expect(r.expenses).toBeGreaterThan(25);
      expect(r.total).toMatch(/^\d+\.\d{2}$/);
    });
  });

describe('examples/ configuration', () => {
  it('ACCTKIT_BASE_URL without ACCTKIT_ADMIN_TOKEN says what to set', async () => {
    await expect(startExampleSandbox({ ACCTKIT_BASE_URL: 'http://127.0.0.1:1' })).rejects.toThrow(
      /ACCTKIT_ADMIN_TOKEN/,
    );
  });
});
