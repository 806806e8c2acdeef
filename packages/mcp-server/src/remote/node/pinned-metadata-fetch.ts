import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { bareHost, clientMetadataUrl, isAddressLiteral } from '../client-metadata-url.js';
import { isLoopbackAddress, isPublicAddress } from '../public-address.js';

/** A resolved address, as `dns.lookup(host, { all: true })` gives them. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Options of {@link pinnedMetadataFetch}. */
export interface PinnedMetadataFetchOptions {
  /** Also accept loopback addresses and http on loopback (tests only). Default false. */
  readonly allowLoopback?: boolean | undefined;
  /** The whole fetch, from the DNS lookup to the last byte, in ms. Default 5000. */
  readonly timeoutMs?: number | undefined;
  /** Largest accepted body, bytes. Default 5120. */
  readonly maxBytes?: number | undefined;
  /** Resolves a host name to every address (default `dns.lookup(host, { all: true })`). */
  readonly lookup?: ((hostname: string) => Promise<readonly ResolvedAddress[]>) | undefined;
}

/** Why a metadata fetch was refused or failed; the message names no more than the reason. */
export class MetadataFetchError extends Error {
  override readonly name = 'MetadataFetchError';
}

const defaultLookup = (hostname: string): Promise<readonly ResolvedAddress[]> =>
  dnsLookup(hostname, { all: true });

/** A promise that fails after `ms`, running `onTimeout` (which ends the request) first. */
function deadline(ms: number, onTimeout: () => void): { promise: Promise<never>; clear(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new MetadataFetchError(`No complete answer within ${ms} ms.`));
    }, ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/** Reads at most `max` bytes of a response, or fails. */
function readBody(res: IncomingMessage, max: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        res.destroy();
        reject(new MetadataFetchError(`The document is larger than ${max} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    res.on('error', reject);
    res.on('close', () => {
      if (!res.complete)
        reject(new MetadataFetchError('The connection closed before the end of the document.'));
    });
  });
}

/**
 * The Node fetcher of Client ID Metadata Documents, safe against SSRF: it resolves the host, refuses
 * unless every address is public unicast, then connects to exactly the address it checked (a custom
 * `lookup` hands the socket that address, so a rebinding DNS server gets no second question), with TLS
 * verified for the host name (SNI). Redirects are not followed (a 3xx comes back as its status), the
 * body is capped and the whole exchange is bounded in time, the connection included.
 *
 * @param options - See {@link PinnedMetadataFetchOptions}: loopback switch (tests), time and size caps, resolver.
 * @returns A function giving the document as a `Response` (status, content type, body), that rejects
 *   with {@link MetadataFetchError} when refused, too slow or too large.
 * @example
 * ```ts
 * const fetchClientMetadata = pinnedMetadataFetch({ timeoutMs: 5_000 });
 * const res = await fetchClientMetadata(new URL('https://client.example/oauth/client.json'));
 * ```
 */
export function pinnedMetadataFetch(
  options: PinnedMetadataFetchOptions = {},
): (url: URL) => Promise<Response> {
  const allowLoopback = options.allowLoopback === true;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxBytes = options.maxBytes ?? 5_120;
  const resolve = options.lookup ?? defaultLookup;
  const acceptable = (address: string) =>
    isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));

  return async (input) => {
    const url = clientMetadataUrl(input.href, allowLoopback);
    if (!url) throw new MetadataFetchError('The URL or its host is not one this server fetches.');
    const host = bareHost(url);
    let request: ReturnType<typeof httpRequest> | undefined;
    const timer = deadline(timeoutMs, () => request?.destroy());
    try {
      const fetched = async (): Promise<Response> => {
        const addresses: readonly ResolvedAddress[] = isAddressLiteral(host)
          ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
          : await resolve(host);
        if (addresses.length === 0 || !addresses.every((a) => acceptable(a.address)))
          throw new MetadataFetchError('The host resolves to an address that is not public.');
        const [pinned] = addresses as [ResolvedAddress];
        if (url.protocol === 'http:' && !isLoopbackAddress(pinned.address))
          throw new MetadataFetchError('http is for loopback only.');
        const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
          if (lookupOptions.all) callback(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        };
        const requestOptions: RequestOptions & { servername?: string } = {
          method: 'GET',
          host,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          headers: { Host: url.host, Accept: 'application/json', 'User-Agent': 'acctkit-mcp-remote' },
          lookup,
          agent: false,
          ...(!isAddressLiteral(host) && { servername: host }),
        };
        const res = await new Promise<IncomingMessage>((done, fail) => {
          request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(requestOptions, done);
          request.on('error', fail);
          request.end();
        });
        const status = res.statusCode ?? 0;
        const type = res.headers['content-type'];
        if (status !== 200) {
          res.destroy();
          return new Response(null, { status: status >= 200 && status <= 599 ? status : 502 });
        }
        const declared = Number(res.headers['content-length']);
        if (declared > maxBytes) {
          res.destroy();
          throw new MetadataFetchError(`The document is larger than ${maxBytes} bytes.`);
        }
        const body = await readBody(res, maxBytes);
        return new Response(body, { status, headers: type ? { 'Content-Type': type } : {} });
      };
      return await Promise.race([fetched(), timer.promise]);
    } finally {
      timer.clear();
      request?.destroy();
    }
  };
}
