import type { BusinessConnection } from './business-connection.js';
import { failureFromResponse, failureFromThrown } from './tool-failure.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Init {
  readonly params?: { readonly path?: Record<string, unknown>; readonly query?: Record<string, unknown> };
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}
type Loose = Record<
  Method,
  (path: string, init?: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>
>;

/**
 * Calls the service through the connection's client and returns the response body, or throws the
 * `ToolFailure` for the error response (field names mapped by `fieldNames`) or the thrown error.
 * Paths are the spec's; the tools pick them per variant, so the loose typing stops at this boundary.
 */
export async function serviceCall<T = Record<string, unknown>>(
  connection: BusinessConnection,
  method: Method,
  path: string,
  init: Init = {},
  fieldNames?: Readonly<Record<string, string>>,
): Promise<T> {
  return (await serviceAnswer<T>(connection, method, path, init, fieldNames)).data;
}

/**
 * {@link serviceCall}, with the HTTP status of the answer (which the change journal keeps). A write
 * is not sent once the caller has given up, and is seen through once sent, whatever the caller does:
 * the service may apply it anyway, and only an answer that arrives can be journaled, so that a retry
 * finds it (src/changes/create-guard.ts).
 */
export async function serviceAnswer<T = Record<string, unknown>>(
  connection: BusinessConnection,
  method: Method,
  path: string,
  init: Init = {},
  fieldNames?: Readonly<Record<string, string>>,
): Promise<{ data: T; status: number }> {
  const client = connection.client as unknown as Loose;
  let result: Awaited<ReturnType<Loose[Method]>>;
  try {
    if (method === 'GET') result = await client[method](path, init);
    else {
      const { signal, ...write } = init;
      signal?.throwIfAborted();
      result = await client[method](path, write);
    }
  } catch (error) {
    throw failureFromThrown(connection, error);
  }
  if (result.error !== undefined || !result.response.ok)
    throw failureFromResponse(connection, result.response, result.error, fieldNames);
  return { data: result.data as T, status: result.response.status };
}

/**
 * Like `Promise.all`, but waits for every call before failing with the first failure, so no request
 * is still running when the tool answers.
 */
export async function settleAll<T extends readonly unknown[]>(
  calls: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(calls);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
