import { malformed } from './sandbox-error.js';

/** The default and largest `$itemsPerPage` (DECISIONS G22). */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest `$itemsPerPage` accepted. */
export const MAX_PAGE_SIZE = 200;

/** Paging requested by `$startIndex` and `$itemsPerPage`. */
export interface Paging {
  readonly startIndex: number;
  readonly itemsPerPage: number;
}

function intParam(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value)) throw malformed(`${name} must be an integer between ${min} and ${max}.`);
  const n = Number(value);
  if (n < min || n > max) throw malformed(`${name} must be an integer between ${min} and ${max}.`);
  return n;
}

/** Reads SData paging from the query; malformed or out-of-range values are a 400. */
export function readPaging(query: URLSearchParams): Paging {
  return {
    startIndex: intParam(query.get('$startIndex') ?? undefined, '$startIndex', 0, 999_999_999, 0),
    itemsPerPage: intParam(
      query.get('$itemsPerPage') ?? undefined,
      '$itemsPerPage',
      1,
      MAX_PAGE_SIZE,
      DEFAULT_PAGE_SIZE,
    ),
  };
}

/** The SData envelope of one page. */
export function envelope<T>(
  total: number,
  paging: Paging,
  resources: T[],
): {
  $totalResults: number;
  $startIndex: number;
  $itemsPerPage: number;
  $resources: T[];
} {
  return {
    $totalResults: total,
    $startIndex: paging.startIndex,
    $itemsPerPage: paging.itemsPerPage,
    $resources: resources,
  };
}

/** A reference list: every item in one page (`$itemsPerPage` equals `$totalResults`). */
export function referenceEnvelope<T>(items: T[]): {
  $totalResults: number;
  $startIndex: number;
  $itemsPerPage: number;
  $resources: T[];
} {
  return { $totalResults: items.length, $startIndex: 0, $itemsPerPage: items.length, $resources: items };
}

/** The SData envelope of one page as JSON text, around resources given as JSON text (without `[]`). */
export function envelopeJson(total: number, paging: Paging, resources: string): string {
  return `{"$totalResults":${total},"$startIndex":${paging.startIndex},"$itemsPerPage":${paging.itemsPerPage},"$resources":[${resources}]}`;
}
