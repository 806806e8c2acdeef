import { createHmac } from 'node:crypto';
import { percentEncode, type SignResult, type StepName } from '@acctkit/signer';

/** A captured request and what it was signed with, as `debug-signature` receives it. */
export interface CapturedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string | undefined;
  /** The X-Signature that was sent. */
  readonly signature: string;
  /** The X-Nonce that was sent. */
  readonly nonce: string;
  readonly token: string;
  /** The signature base string the client says it built, when it logged one. */
  readonly baseString?: string | undefined;
}

/** The outcome: valid, or the first step found to differ, the client's value and the right one. */
export interface Diagnosis {
  readonly step: StepName | null;
  readonly explanation: string;
  readonly yours?: string | undefined;
  readonly expected?: string | undefined;
}

/**
 * Finds where a captured signature went wrong, given the correct computation `local` (made with the
 * signing secret `secret`). With the client's own base string the items are compared one by one;
 * without it, common mistakes are tried one at a time (unsorted parameters, `http` kept in the base
 * URL, a lower-case method, the nonce left out, items not encoded, another candidate secret, an encoded
 * token) and the first whose signature equals the captured one is named.
 */
export function diagnose(
  captured: CapturedRequest,
  local: SignResult,
  secret: string,
  otherSecrets: readonly string[],
): Diagnosis {
  const sent = captured.signature.trim();
  if (sent === local.signature)
    return {
      step: null,
      explanation: 'The signature matches the request: it is valid for this secret and token.',
    };
  const key = `${secret}&${captured.token}`;
  if (captured.baseString !== undefined) return compareBaseStrings(captured, local, key);
  for (const h of hypotheses(captured, local, secret, otherSecrets))
    if (hmac(h.key ?? key, h.baseString ?? local.baseString) === sent) return h.diagnosis;
  return {
    step: 'signing_key',
    explanation:
      'Every string built from this request is as the rules require, yet the signature differs, and none of the usual mistakes explains it. Most likely the signing key (signing secret & access token) differs, or another nonce was signed than the one sent. Pass --base-string with the base string your code built to tell which.',
  };
}

function compareBaseStrings(captured: CapturedRequest, local: SignResult, key: string): Diagnosis {
  const theirs = captured.baseString as string;
  const items = theirs.split('&');
  if (items.length !== 4)
    return {
      step: 'signature_base_string',
      explanation: `Your base string has ${items.length - 1} '&' instead of 3: each of its four items must be percent-encoded (so an '&' inside one becomes %26).`,
      yours: theirs,
      expected: local.baseString,
    };
  const [method, baseUrl, params, nonce] = items.map(decode) as [string, string, string, string];
  const ourMethod = local.baseString.split('&')[0] as string;
  if (method !== ourMethod)
    return {
      step: 'request_method',
      explanation: 'The method must be signed in upper case, as sent.',
      yours: method,
      expected: ourMethod,
    };
  if (baseUrl !== local.baseUrl)
    return {
      step: 'base_url',
      explanation:
        'The base URL is https, lower-case host, no default port, the path as sent and no query or fragment.',
      yours: baseUrl,
      expected: local.baseUrl,
    };
  if (params !== local.parameterString) {
    const sameSet = params.split('&').sort().join('&') === local.parameterString;
    return {
      step: 'parameter_string',
      explanation: sameSet
        ? 'The same parameters in another order: sort them by encoded key, then by encoded value.'
        : 'The parameter string holds every query and form parameter, each key and value percent-encoded (RFC 3986, space as %20), sorted, joined with &.',
      yours: params,
      expected: local.parameterString,
    };
  }
  if (nonce !== captured.nonce)
    return {
      step: 'nonce',
      explanation: 'You signed another nonce than the one sent in X-Nonce: sign and send the same value.',
      yours: nonce,
      expected: captured.nonce,
    };
  if (theirs !== local.baseString)
    return {
      step: 'signature_base_string',
      explanation:
        'The items are right but encoded differently: percent-encode each item once more (RFC 3986, upper-case hex).',
      yours: theirs,
      expected: local.baseString,
    };
  if (hmac(key, theirs) !== captured.signature.trim())
    return {
      step: 'signing_key',
      explanation:
        'The base string is right, so the signing key is not: check the signing secret (TestSigningSecret for /test/…) and the access token; the key is secret & token, neither encoded.',
    };
  return {
    step: 'signature',
    explanation: 'The base string and key are right; the signature must be base64 of the HMAC-SHA1.',
  };
}

interface Hypothesis {
  readonly baseString?: string | undefined;
  readonly key?: string | undefined;
  readonly diagnosis: Diagnosis;
}

function hypotheses(
  captured: CapturedRequest,
  local: SignResult,
  secret: string,
  otherSecrets: readonly string[],
): Hypothesis[] {
  const method = captured.method.toUpperCase();
  const nonce = captured.nonce;
  const base = (m: string, b: string, p: string, n: string = nonce): string =>
    `${m}&${percentEncode(b)}&${percentEncode(p)}&${percentEncode(n)}`;
  const [urlNoFragment = ''] = captured.url.split('#');
  const rawQuery = urlNoFragment.includes('?') ? urlNoFragment.slice(urlNoFragment.indexOf('?') + 1) : '';
  const queryPairs = pairs(rawQuery);
  const bodyPairs = pairs(captured.body ?? '');
  const inOrder = [...queryPairs, ...bodyPairs].map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  const sortedOf = (list: [string, string][]): string =>
    list
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .sort()
      .join('&');
  const scheme = /^([a-z]+):/i.exec(captured.url)?.[1]?.toLowerCase() ?? 'https';
  const out: Hypothesis[] = [];
  const add = (h: Hypothesis): number => out.push(h);
  const params = (yours: string, explanation: string): void => {
    if (yours !== local.parameterString)
      add({
        baseString: base(method, local.baseUrl, yours),
        diagnosis: { step: 'parameter_string', explanation, yours, expected: local.parameterString },
      });
  };
  if (captured.method !== method)
    add({
      baseString: `${captured.method}${local.baseString.slice(method.length)}`,
      diagnosis: {
        step: 'request_method',
        explanation: 'The method was signed as given; sign it in upper case.',
        yours: captured.method,
        expected: method,
      },
    });
  const baseUrls: [string, string][] = [
    [
      local.baseUrl.replace(/^https:/, `${scheme}:`),
      'The base URL is always signed with https, even for a sandbox on http.',
    ],
    [
      `${local.baseUrl}?${rawQuery}`,
      'The base URL is signed without its query; the query goes into the parameter string.',
    ],
    [
      local.baseUrl.replace(/^(https:\/\/[^/]+)\/test\//, '$1/'),
      'Requests to /test/… sign the URL with /test in it.',
    ],
  ];
  for (const [yours, explanation] of baseUrls)
    if (yours !== local.baseUrl)
      add({
        baseString: base(method, yours, local.parameterString),
        diagnosis: { step: 'base_url', explanation, yours, expected: local.baseUrl },
      });
  params(
    inOrder.join('&'),
    'The parameters were signed in the order of the request: sort them by encoded key, then by encoded value.',
  );
  if (bodyPairs.length > 0)
    params(sortedOf(queryPairs), 'The form body’s parameters were left out: sign them with the query’s.');
  if (queryPairs.length > 0)
    params(sortedOf(bodyPairs), 'The query’s parameters were left out: sign them with the form body’s.');
  params(
    [...queryPairs, ...bodyPairs]
      .map(
        ([k, v]) =>
          `${encodeURIComponent(k).replace(/%20/g, '+')}=${encodeURIComponent(v).replace(/%20/g, '+')}`,
      )
      .sort()
      .join('&'),
    "The parameters were form-encoded (space as +, !*'() left as they are); use RFC 3986 percent-encoding: space is %20.",
  );
  params(
    [...queryPairs, ...bodyPairs]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&'),
    'The parameters were signed decoded; percent-encode each key and value (so [ is %5B).',
  );
  add({
    baseString: `${method}&${percentEncode(local.baseUrl)}&${percentEncode(local.parameterString)}`,
    diagnosis: {
      step: 'nonce',
      explanation: 'The nonce was left out of the base string: it is the fourth item, after a third &.',
      expected: nonce,
    },
  });
  add({
    baseString: base(method, local.baseUrl, local.parameterString, ''),
    diagnosis: {
      step: 'nonce',
      explanation: 'An empty nonce was signed; sign the value sent in X-Nonce.',
      yours: '',
      expected: nonce,
    },
  });
  add({
    baseString: `${method}&${local.baseUrl}&${local.parameterString}&${nonce}`,
    diagnosis: {
      step: 'signature_base_string',
      explanation: 'The base string’s items were joined without percent-encoding each of them.',
      yours: `${method}&${local.baseUrl}&${local.parameterString}&${nonce}`,
      expected: local.baseString,
    },
  });
  for (const other of otherSecrets)
    if (other !== secret)
      add({
        key: `${other}&${captured.token}`,
        diagnosis: {
          step: 'signing_secret',
          explanation:
            other === 'TestSigningSecret'
              ? 'It was signed with TestSigningSecret, which only /test/… accepts; data calls take the app’s signing secret.'
              : 'It was signed with another signing secret (one from your flags, environment or config); /test/… takes TestSigningSecret, data calls the app’s own.',
        },
      });
  const keys: [string, string][] = [
    [
      `${secret}&${percentEncode(captured.token)}`,
      'The token was percent-encoded in the signing key; use it as it is.',
    ],
    [
      `${percentEncode(secret)}&${captured.token}`,
      'The secret was percent-encoded in the signing key; use it as it is.',
    ],
    [secret, 'The signing key is the secret & the token; the & and the token were left out.'],
    [`${secret}&`, 'The signing key is the secret & the token; the token was left out.'],
  ];
  for (const [key, explanation] of keys)
    if (key !== `${secret}&${captured.token}`) add({ key, diagnosis: { step: 'signing_key', explanation } });
  return out;
}

/** `k=v` pairs of a query or form, decoded (`+` is a space); undecodable text is kept as it is. */
function pairs(text: string): [string, string][] {
  return text
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      const [k, v] = at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
      return [decode(k.replace(/\+/g, ' ')), decode(v.replace(/\+/g, ' '))];
    });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function hmac(key: string, text: string): string {
  return createHmac('sha1', key).update(text).digest('base64');
}
