/** Page through expenses and add up their totals exactly (Variant A). */
import { createClient, sumDecimals } from '@acctkit/client';
import { type ExampleEnv, runIfMain } from './sandbox.js';

export async function main(env: ExampleEnv): Promise<{ expenses: number; total: string }> {
  const t = await env.connect('de');
  const api = createClient({
    variant: 'de',
    baseUrl: env.baseUrl,
    credentials: { accessToken: t.accessToken, signingSecret: env.signingSecret },
    userAgent: 'acctkit-example/1.0',
    fetch: env.fetch,
  });
  const totals: string[] = [];
  for await (const expense of api.paginate(
    '/accounts/v2/expenses',
    { params: { query: { from_date: '2000-01-01', to_date: '2100-12-31' } } },
    { pageSize: 25 },
  ))
    totals.push(expense.total);
  return { expenses: totals.length, total: sumDecimals(totals) };
}

await runIfMain(import.meta.url, main);
