import { HttpError } from './accounting-error.js';
import { requestLine } from './request-line.js';

/** The shape every client call resolves to. */
export interface CallResult {
  readonly data?: unknown;
  readonly error?: unknown;
  readonly response: Response;
}

/**
 * Turns a `{ data, error, response }` result into its data, throwing {@link HttpError} for a non-2xx
 * answer: for callers who prefer exceptions.
 *
 * @param result - A client call (its promise or its result).
 * @returns The success body.
 * @throws HttpError (`HTTP_ERROR`) with `status` and the typed error body (secrets redacted).
 * @example
 * ```ts
 * import { type AccountingClient, unwrap } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * const contact = await unwrap(api.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 7 } } }));
 * ```
 */
export async function unwrap<R extends CallResult>(result: R | Promise<R>): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await result;
  if (!response.ok || error !== undefined)
    throw new HttpError(response.status, error, requestLine.get(response));
  return data as NonNullable<R['data']>;
}
