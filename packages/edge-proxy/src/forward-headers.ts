/**
 * Request headers a caller may pass to the service. Everything else is dropped: hop-by-hop headers,
 * cookies, the caller's `Authorization` (their proxy key), any `X-Signature`/`X-Nonce`, `Host` and
 * `X-Forwarded-*` (which can never change the upstream anyway).
 */
const requestAllowList = ['accept', 'accept-language', 'user-agent', 'if-none-match', 'if-modified-since'];

/** Response headers never passed back: hop-by-hop, cookies, and the encoding fetch has already undone. */
const responseDenyList = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'set-cookie2',
  'content-encoding',
  'content-length',
]);

/** Header names listed in a `Connection` header, lower case: they are hop-by-hop too (RFC 9110 §7.6.1). */
function connectionNamed(headers: Headers): Set<string> {
  const named = new Set<string>();
  const value = headers.get('connection');
  if (value) for (const name of value.split(',')) named.add(name.trim().toLowerCase());
  return named;
}

/**
 * The headers to send upstream for a caller's request: the allow-listed ones not named in its
 * `Connection`, and a `User-Agent` (the service requires one).
 *
 * @param incoming - The caller's headers.
 * @param userAgent - Sent when the caller gave none.
 * @returns New headers; the signature headers are added by the signer.
 */
export function forwardRequestHeaders(incoming: Headers, userAgent: string): Headers {
  const named = connectionNamed(incoming);
  const out = new Headers();
  for (const name of requestAllowList) {
    if (named.has(name)) continue;
    const value = incoming.get(name);
    if (value !== null) out.set(name, value);
  }
  if (!out.has('user-agent')) out.set('user-agent', userAgent);
  return out;
}

/**
 * The headers to return to the caller for the service's response: all but hop-by-hop ones (and those
 * its `Connection` names), cookies and `Content-Encoding`/`Content-Length`. A list of pairs rather
 * than a `Headers`: the answer's `Response` copies its init once, where a `Headers` would be built and
 * validated twice.
 *
 * @param upstream - The service's response headers.
 * @returns Name and value pairs, names lower case, for a `Response`'s `headers`.
 */
export function forwardResponseHeaders(upstream: Headers): [string, string][] {
  const named = connectionNamed(upstream);
  const out: [string, string][] = [];
  for (const [name, value] of upstream) {
    if (!responseDenyList.has(name) && !named.has(name)) out.push([name, value]);
  }
  return out;
}
