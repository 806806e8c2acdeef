import { encodeForm } from '@acctkit/signer';
import createFetchClient, { type Client, createQuerySerializer, type FetchOptions } from 'openapi-fetch';
import { AccountingError } from './accounting-error.js';
import {
  type GetPage,
  type ListItem,
  type ListPath,
  type PageArgs,
  type PaginateOptions,
  paginate,
} from './paginate.js';
import { pathSerializer } from './path-serializer.js';
import { type ClientAuth, createTransport, Draft, type TransportSettings } from './transport.js';
import { isVariant, type PathsOf, type Variant } from './variant.js';

/** The settings of {@link createClient} besides the authorization: the transport's, plus host and name. */
export interface ClientSettings<V extends Variant> extends TransportSettings {
  /** `de` (Variant A) or `pt` (Variant B): the callback's `country` tells which (`variantFromCountry`). */
  readonly variant: V;
  /** The API host, for example `https://api.accounting.example`, or the acctkit signing proxy's URL. */
  readonly baseUrl: string;
  /** Your application's name, sent as `User-Agent` (the service requires one). */
  readonly userAgent: string;
}

/**
 * Options of {@link createClient}: the settings and exactly one of `credentials` (fixed signing secret
 * and access token), `tokens` (a token manager) or `proxyKey` (a key of the acctkit signing proxy,
 * which signs for you; give the proxy's URL as `baseUrl`).
 */
export type ClientOptions<V extends Variant> = ClientSettings<V> & ClientAuth;

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

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type Call = (url: string, init?: FetchOptions<unknown> & { middleware?: unknown[] }) => Promise<unknown>;

const invalid = (message: string, cause?: unknown): AccountingError =>
  new AccountingError('INVALID_ARGUMENT', message, { cause });

/** The signer's form encoding of a body (openapi-fetch calls it only with one); a misuse is ours to report. */
function formBody(body: unknown): string {
  try {
    return encodeForm(body as object);
  } catch (cause) {
    throw invalid(
      'The body holds a value with no form representation (a Date, Map, function or symbol): send strings, numbers, booleans, plain objects and arrays.',
      cause,
    );
  }
}

/**
 * Creates a typed client for one variant. With `credentials` or `tokens` every request is signed with
 * a fresh nonce per attempt; with `proxyKey` it carries the key and the proxy signs. Bodies are nested
 * objects sent as `resource[field]` form keys; calls resolve to `{ data, error, response }` (error
 * bodies with secrets redacted) and throw only for misuse or transport failure.
 *
 * openapi-fetch middleware (`api.use(...)`, or a call's `middleware` option) receives real `Request`
 * objects, before signing: a middleware may change headers, return `new Request(...)` or read
 * `request.clone()`, and what it sends on is what is signed. Without middleware no `Request` is built
 * until the signed one is sent.
 *
 * @param options - Variant, host, one of credentials, tokens or proxyKey, user agent, fetch, retries, timeout.
 * @returns The client.
 * @throws AccountingError `INVALID_ARGUMENT` for a missing or contradictory option.
 * @example
 * ```ts
 * import { createClient } from '@acctkit/client';
 * declare const accessToken: string, signingSecret: string;
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
    throw invalid("variant must be 'de' or 'pt': use variantFromCountry(country).");
  if (!options.baseUrl || !/^https?:\/\//i.test(options.baseUrl))
    throw invalid('baseUrl must be an absolute http(s) URL, such as https://api.accounting.example.');
  const given = [options.credentials, options.tokens, options.proxyKey].filter((v) => v !== undefined);
  if (given.length !== 1)
    throw invalid(
      'Give exactly one of credentials, tokens and proxyKey: a proxy key replaces the signing credentials.',
    );
  if (options.proxyKey !== undefined && (typeof options.proxyKey !== 'string' || !options.proxyKey.trim()))
    throw invalid('proxyKey must be the key the signing proxy issued (akp_…).');
  if (!options.userAgent)
    throw invalid("userAgent is required: your application's name, such as my-app/1.0.");

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
  // Middleware gets real Requests: once `use()` has registered one for every call, else for a call
  // that brings its own. Otherwise calls go straight to openapi-fetch with the cheap Draft.
  let middleware = false;
  const real = { Request };
  const methods = client as unknown as Record<string, Call>;
  for (const method of METHODS) {
    const call = methods[method] as Call;
    methods[method] = (url, init) => call(url, middleware || init?.middleware ? { ...init, ...real } : init);
  }
  const request = client.request as unknown as (method: string, url: string, init?: object) => unknown;
  const use = client.use;
  Object.assign(client, {
    request: (method: string, url: string, init?: { middleware?: unknown[] }) =>
      request(method, url, middleware || init?.middleware ? { ...init, ...real } : init),
    use: (...m: Parameters<typeof use>) => {
      middleware = true;
      use(...m);
    },
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
