import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { malformed, type RequestError } from './sandbox-error.js';

/** Limits applied to form bodies before anything else reads them. */
export interface FormLimits {
  /** Largest accepted body in bytes. Default 64 KiB. */
  readonly maxBytes: number;
  /** Largest number of `key=value` pairs. Default 200. */
  readonly maxPairs: number;
  /** Deepest bracket nesting (`a[b][c]` is 3). Default 3. */
  readonly maxDepth: number;
  /** Longest key. Default 200 characters. */
  readonly maxKeyLength: number;
}

/** The default {@link FormLimits}. */
export const DEFAULT_FORM_LIMITS: FormLimits = {
  maxBytes: 65_536,
  maxPairs: 200,
  maxDepth: 3,
  maxKeyLength: 200,
};

/** A parsed form: nested objects of strings. */
export interface FormObject {
  [key: string]: string | FormObject;
}

/** Decodes one `application/x-www-form-urlencoded` component (`+` is a space); `null` when broken. */
function decodeComponent(s: string): string | null {
  try {
    // Throws URIError on a broken escape and on bytes that are not UTF-8 (including lone surrogates).
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Splits a form body into decoded pairs, enforcing pair count and key length. */
export function formPairs(body: string, limits: FormLimits = DEFAULT_FORM_LIMITS): [string, string][] {
  if (body === '') return [];
  const raw = body.split('&').filter((p) => p !== '');
  if (raw.length > limits.maxPairs)
    throw malformed(`The body has ${raw.length} parameters; at most ${limits.maxPairs} are accepted.`);
  const pairs: [string, string][] = [];
  for (const part of raw) {
    const eq = part.indexOf('=');
    const k = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    const v = decodeComponent(eq < 0 ? '' : part.slice(eq + 1));
    if (k === null || v === null)
      throw malformed('The body is not valid application/x-www-form-urlencoded UTF-8 (broken % escape).');
    if (k.length > limits.maxKeyLength)
      throw malformed(`A parameter name is longer than ${limits.maxKeyLength} characters.`);
    pairs.push([k, v]);
  }
  return pairs;
}

/**
 * Parses `resource[group][field]=value` pairs into nested objects. A repeated key, a key that is both
 * a value and a group, a malformed bracket key or a key deeper than `maxDepth` is a 400.
 */
export function parseFormBody(body: string, limits: FormLimits = DEFAULT_FORM_LIMITS): FormObject {
  const root: FormObject = {};
  for (const [key, value] of formPairs(body, limits)) {
    const m = /^([^[\]]+)((?:\[[^[\]]+\])*)$/.exec(key);
    if (!m) throw malformed(`Malformed parameter name '${key}': use resource[field].`);
    const path = [m[1] as string, ...[...(m[2] ?? '').matchAll(/\[([^[\]]+)\]/g)].map((x) => x[1] as string)];
    if (path.length > limits.maxDepth)
      throw malformed(`Parameter '${key}' is nested deeper than ${limits.maxDepth} levels.`);
    let node = root;
    for (const [i, seg] of path.entries()) {
      if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype')
        throw malformed(`Parameter name '${key}' is not allowed.`);
      const last = i === path.length - 1;
      const existing = node[seg];
      if (last) {
        if (existing !== undefined)
          throw malformed(`Parameter '${key}' is repeated or conflicts with another.`);
        node[seg] = value;
      } else {
        if (typeof existing === 'string')
          throw malformed(`Parameter '${key}' conflicts with '${path.slice(0, i + 1).join('.')}'.`);
        const next: FormObject = existing ?? {};
        node[seg] = next;
        node = next;
      }
    }
  }
  return root;
}

/**
 * Reads the body of a write request: checks the byte limit, then `Content-Type`. Hono's `bodyLimit`
 * refuses a declared `Content-Length` over the limit unread and counts a chunked body as it arrives,
 * stopping at the limit, so no more than `maxBytes` of a body is ever held.
 */
export async function readFormText(c: Context, limits: FormLimits = DEFAULT_FORM_LIMITS): Promise<string> {
  const limit = bodyLimit({
    maxSize: limits.maxBytes,
    onError: () => {
      throw tooLarge(limits);
    },
  });
  // Run here rather than mounted on the routes: the body is read only after the checks that come
  // before it (a data request's token is judged first).
  await limit(c, async () => {});
  const request = c.req.raw;
  const buf = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array();
  if (buf.byteLength === 0) return '';
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    throw malformed(
      'Content-Type must be application/x-www-form-urlencoded with resource[field]=value pairs.',
    );
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch (cause) {
    throw malformed('The body is not valid UTF-8.', cause);
  }
}

// 400 rather than 413: the spec documents 400 `ApiError` for every incorrect request (DECISIONS M12).
function tooLarge(limits: FormLimits): RequestError {
  return malformed(`The body is larger than ${limits.maxBytes} bytes.`);
}
