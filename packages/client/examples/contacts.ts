/** List and create contacts (Variant A). */
import { createClient, unwrap } from '@acctkit/client';
import { type ExampleEnv, runIfMain } from './sandbox.js';

export async function main(env: ExampleEnv): Promise<{ customersNamedAnn: number; created: string }> {
  const t = await env.connect('de');
  const api = createClient({
    variant: 'de',
    baseUrl: env.baseUrl,
    credentials: { accessToken: t.accessToken, signingSecret: env.signingSecret },
    userAgent: 'acctkit-example/1.0',
    fetch: env.fetch,
  });
  const customers = await api.listAll('/accounts/v2/contacts', {
    params: { query: { contact_type: 1, search: 'an' } },
  });
  const created = await unwrap(
    api.POST('/accounts/v2/contacts', {
      body: {
        contact: {
          contact_type_id: 1,
          name: 'Ann Example',
          email: 'ann@example.test',
          main_address: { line_1: 'Hauptstraße 1', town: 'Berlin', postcode: '10115' },
        },
      },
    }),
  );
  return { customersNamedAnn: customers.length, created: created.$url };
}

await runIfMain(import.meta.url, main);
