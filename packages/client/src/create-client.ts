import type { Credentials } from '@acctkit/signer';
import createFetchClient, { type Client, createQuerySerializer } from 'openapi-fetch';
import { AccountingError } from './accounting-error.js';
import { formBody } from './form-body.js';
import {
  type GetPage,
  type ListItem,
  type ListPath,
  type PageArgs,
  type PaginateOptions,
  paginate,
} from './paginate.js';
import { pathSerializer } from './path-serializer.js';
import type { RetryPolicy } from './retry-delay.js';
import type { TokenManager } from './token-manager.js';
import { createTransport, Draft, type Sleep } from './transport.js';
import { isVariant, type PathsOf, type Variant } from './variant.js';

/** Options of {@link createClient}. */
export interface ClientOptions<V extends Variant> {
  /** `de` (Variant A) or `pt` (Variant B): the callback's `country` tells which (`variantFromCountry`). */
  readonly variant: V;
  /** The API host, for example `https://api.accounting.example`. */
  readonly baseUrl: string;
  /** Fixed signing secret and access token. Give this or `tokens`. */
  readonly credentials?: Credentials | undefined;
  /** A token manager that keeps the access token fresh. Give this or `credentials`. */
  readonly tokens?: TokenManager | undefined;
  /** Your application's name, sent as `User-Agent` (the service requires one). */
  readonly userAgent: string;
  /** The fetch to send with (default: the global `fetch`); for tests, `(req) => sandbox.fetch(req)`. */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Retries of 429 and 503 for GET, PUT and DELETE (default 3 attempts); `false` turns them off. */
  readonly retry?: RetryPolicy | false | undefined;
  /** Per-attempt timeout in ms until the response headers arrive (default 0: none, as `fetch`). */
  readonly timeoutMs?: number | undefined;
  /** The clock in epoch ms, for `Retry-After` dates (default `Date.now`). */
  readonly now?: (() => number) | undefined;
  /** Random numbers in [0, 1) for backoff jitter (default `Math.random`). */
  readonly random?: (() => number) | undefined;
  /** How to wait between attempts (default `setTimeout`, aborted by the request's signal). */
  readonly sleep?: Sleep | undefined;
}

/** The typed client of one variant: openapi-fetch's `GET`/`POST`/`PUT`/`DELETE`, plus paging. */
export interface VariantClient<V extends Variant> extends Client<PathsOf<V>, 'application/json'> {
  /** The variant this client is typed and built for. */
  readonly variant: V;
  /** Iterates every record of a list path; see {@link PaginateOptions}. */
  paginate<P extends ListPath<PathsOf<V>>>(
    path: P,
    ...args: PageArgs<PathsOf<V>, P>
  ): AsyncGenerator<ListItem<PathsOf<V>, P>, void, undefined>;
  /** Collects every record of a list path into an array. */
  listAll<P extends ListPath<PathsOf<V>>>(
    path: P,
    ...args: PageArgs<PathsOf<V>, P>
  ): Promise<ListItem<PathsOf<V>, P>[]>;
}

/** A client of `V`; for the union `Variant` a union you narrow with `api.variant === 'de'`. */
export type AccountingClient<V extends Variant = Variant> = V extends Variant ? VariantClient<V> : never;

/**
 * Creates a typed, signing client for one variant. Every request is signed with a fresh nonce per
 * attempt; bodies are nested objects sent as `resource[field]` form keys; calls resolve to
 * `{ data, error, response }` and throw only for misuse or transport failure.
 *
 * @param options - Variant, host, credentials or token manager, user agent, fetch, retries, timeout.
 * @returns The client.
 * @throws AccountingError `INVALID_ARGUMENT` for a missing or contradictory option.
 * @example
 * ```ts
 * import { createClient } from '@acctkit/client';
 * const api = createClient({
 *   variant: 'de',
 *   baseUrl: 'https://api.accounting.example',
 *   credentials: { accessToken, signingSecret },
 *   userAgent: 'my-app/1.0',
 * });
 * const { data, error } = await api.GET('/accounts/v2/contacts/{id}', { params: { path: { id: 7 } } });
 * for await (const contact of api.paginate('/accounts/v2/contacts', { params: { query: { search: 'Ann' } } })) {
 *   // …
 * }
 * ```
 */
export function createClient<V extends Variant>(options: ClientOptions<V>): AccountingClient<V> {
  if (!isVariant(options.variant))
    throw new AccountingError('INVALID_ARGUMENT', "variant must be 'de' or 'pt' (variantFromCountry).");
  if (!options.baseUrl || !/^https?:\/\//i.test(options.baseUrl))
    throw new AccountingError('INVALID_ARGUMENT', 'baseUrl must be an absolute http(s) URL.');
  if (!options.credentials === !options.tokens)
    throw new AccountingError('INVALID_ARGUMENT', 'Give exactly one of credentials and tokens.');
  if (!options.userAgent)
    throw new AccountingError('INVALID_ARGUMENT', "userAgent is required: your application's name.");

  const client = createFetchClient<PathsOf<V>, 'application/json'>({
    baseUrl: options.baseUrl,
    fetch: createTransport(options) as unknown as typeof fetch,
    Request: Draft as unknown as typeof Request,
    headers: { Accept: '*/*', 'User-Agent': options.userAgent },
    bodySerializer: formBody,
    pathSerializer,
    // Built once here: given as options, openapi-fetch would build it again on every call.
    querySerializer: createQuerySerializer({ object: { style: 'form', explode: true } }),
  });
  type Init = Parameters<typeof paginate>[2];
  const pages = (
    path: string,
    init?: Init,
    opts?: PaginateOptions,
  ): AsyncGenerator<unknown, void, undefined> => paginate(client.GET as unknown as GetPage, path, init, opts);
  return Object.assign(client, {
    variant: options.variant,
    paginate: pages,
    listAll: async (path: string, init?: Init, opts?: PaginateOptions) => {
      const all: unknown[] = [];
      for await (const item of pages(path, init, opts)) all.push(item);
      return all;
    },
  }) as unknown as AccountingClient<V>;
}
