/** Record an income (Variant B): dates go out as dd/mm/yyyy, amounts as exact decimal strings. */
import { addDecimals, createClient, isoToDmy, unwrap } from '@acctkit/client';
import { type ExampleEnv, runIfMain } from './sandbox.js';

export async function main(env: ExampleEnv): Promise<{ id: number; date: string; gross: string }> {
  const t = await env.connect('pt');
  const api = createClient({
    variant: 'pt',
    baseUrl: env.baseUrl,
    credentials: { accessToken: t.accessToken, signingSecret: env.signingSecret },
    userAgent: 'acctkit-example/1.0',
    fetch: env.fetch,
  });
  const bank = (await unwrap(api.GET('/accounts/v2/bank_accounts'))).$resources[0];
  const source = (await unwrap(api.GET('/accounts/v2/income_types'))).$resources[0];
  if (!bank || !source || !('id' in bank.ledger_account))
    throw new Error('the demo business has no bank account');
  const income = await unwrap(
    api.POST('/accounts/v2/incomes', {
      body: {
        income: {
          date: isoToDmy('2024-05-02'),
          amount: addDecimals('100.00', '23.00'),
          source_id: source.id,
          destination_id: bank.ledger_account.id,
          payment_method_id: 1,
          is_tax_included: true,
          reference: 'INV-2024-17',
        },
      },
    }),
  );
  return { id: income.id, date: income.date, gross: income.gross_amount };
}

await runIfMain(import.meta.url, main);
