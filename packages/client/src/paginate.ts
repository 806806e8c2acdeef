import type { FetchOptions } from 'openapi-fetch';
import { AccountingError, HttpError } from './accounting-error.js';
import { requestLine } from './request-line.js';

/** Options of `paginate()` and `listAll()`. */
export interface PaginateOptions {
  /** Records per request, 1 to 200 (the service's maximum; default 200). */
  readonly pageSize?: number | undefined;
}

type GetOp<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Op } ? Op : never;
type OkBody<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type QueryOf<Op> = Op extends { parameters: { query?: unknown } } ? Op['parameters']['query'] : undefined;

/** The paths whose GET answers an SData list envelope (`$resources`, `$totalResults`, …). */
export type ListPath<Paths> = {
  [P in keyof Paths]: [OkBody<GetOp<Paths, P>>] extends [never]
    ? never
    : OkBody<GetOp<Paths, P>> extends { $resources: readonly unknown[] }
      ? P
      : never;
}[keyof Paths];

/** One record of a list path. */
export type ListItem<Paths, P extends keyof Paths> =
  OkBody<GetOp<Paths, P>> extends { $resources: readonly (infer T)[] } ? T : never;

/** The arguments after the path: the request options (required when the query has required fields). */
export type PageArgs<Paths, P extends keyof Paths> =
  undefined extends QueryOf<GetOp<Paths, P>>
    ? [init?: FetchOptions<GetOp<Paths, P>>, options?: PaginateOptions]
    : [init: FetchOptions<GetOp<Paths, P>>, options?: PaginateOptions];

interface ListPageBody {
  readonly $totalResults?: number;
  readonly $resources?: readonly unknown[];
}

/** A GET that resolves to openapi-fetch's `{ data, error, response }`. */
export type GetPage = (
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Iterates every record of a list path, page by page over `$startIndex`/`$itemsPerPage`, and stops
 * exactly at `$totalResults`. Starts at the query's own `$startIndex` when it has one.
 *
 * @throws HttpError when a page answers with an error; AccountingError `INVALID_ARGUMENT` for a bad page size.
 */
export async function* paginate(
  get: GetPage,
  path: string,
  init: { params?: { query?: Record<string, unknown> } } | undefined,
  options: PaginateOptions | undefined,
): AsyncGenerator<unknown, void, undefined> {
  const pageSize = options?.pageSize ?? 200;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200)
    throw new AccountingError(
      'INVALID_ARGUMENT',
      `pageSize must be an integer from 1 to 200, not ${pageSize}.`,
    );
  const query = init?.params?.query ?? {};
  const first = query.$startIndex;
  let start = typeof first === 'number' && first > 0 ? first : 0;
  for (;;) {
    const { data, error, response } = await get(path, {
      ...init,
      params: { ...init?.params, query: { ...query, $startIndex: start, $itemsPerPage: pageSize } },
    });
    if (!response.ok || error !== undefined)
      throw new HttpError(response.status, error, requestLine.get(response) ?? `GET ${path}`);
    const page = (data ?? {}) as ListPageBody;
    const items = page.$resources ?? [];
    const total = page.$totalResults ?? start + items.length;
    const wanted = Math.max(0, Math.min(items.length, total - start));
    for (let i = 0; i < wanted; i++) yield items[i];
    start += items.length;
    if (items.length === 0 || start >= total) return;
  }
}
