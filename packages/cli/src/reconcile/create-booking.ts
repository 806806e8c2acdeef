import { type AccountingClient, HttpError, isoToDmy, type PathsOf } from '@acctkit/client';
import type { RecordKind } from '@acctkit/reconcile';

type Body<V extends 'de' | 'pt', P extends '/accounts/v2/expenses' | '/accounts/v2/incomes'> = NonNullable<
  PathsOf<V>[P]['post']['requestBody']
>['content']['application/x-www-form-urlencoded'];

/** An income's fields with the date as the create takes it, `dd/mm/yyyy`. */
function incomeBody<V extends 'de' | 'pt'>(
  fields: Readonly<Record<string, unknown>>,
): Body<V, '/accounts/v2/incomes'>['income'] {
  return { ...fields, date: isoToDmy(String(fields.date)) } as Body<V, '/accounts/v2/incomes'>['income'];
}

/** A record the service created: as it answered, and the HTTP status. */
export interface CreatedRecord {
  readonly record: Readonly<Record<string, unknown>>;
  readonly status: number;
}

/**
 * Sends the create of a booked line (`bookingFields` of `@acctkit/reconcile`: the spec's body names,
 * ISO dates) as the variant's create body: a `de` expense and every income wrapped in `expense[…]` or
 * `income[…]`, a `pt` expense flat, an income's date as `dd/mm/yyyy`. The generated spec types check
 * each shape.
 *
 * @throws HttpError when the service refuses the create; AccountingError for a transport failure.
 */
export async function createBooking(
  client: AccountingClient,
  kind: RecordKind,
  fields: Readonly<Record<string, unknown>>,
): Promise<CreatedRecord> {
  const path = kind === 'expense' ? '/accounts/v2/expenses' : '/accounts/v2/incomes';
  const answer =
    client.variant === 'de'
      ? kind === 'income'
        ? await client.POST('/accounts/v2/incomes', {
            body: { income: incomeBody<'de'>(fields) },
          })
        : await client.POST('/accounts/v2/expenses', {
            body: { expense: fields as Body<'de', '/accounts/v2/expenses'>['expense'] },
          })
      : kind === 'income'
        ? await client.POST('/accounts/v2/incomes', {
            body: { income: incomeBody<'pt'>(fields) },
          })
        : await client.POST('/accounts/v2/expenses', { body: fields as Body<'pt', '/accounts/v2/expenses'> });
  const { data, error, response } = answer as { data?: unknown; error?: unknown; response: Response };
  if (!response.ok || error !== undefined || data === undefined)
    throw new HttpError(response.status, error, `POST ${path}`);
  return { record: data as Readonly<Record<string, unknown>>, status: response.status };
}
