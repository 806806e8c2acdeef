/**
 * The requests the proxy must refuse before sending anything anywhere, shared by the runtime-neutral
 * suite (through `app.request`, where the runtime's URL parser may normalise a path first) and the
 * Node suite (raw bytes on a socket, where nothing is normalised before the proxy sees it).
 */
export interface RefusalRow {
  readonly name: string;
  readonly method: string;
  /** The request target as sent: origin-form, or absolute-form for a raw socket. */
  readonly target: string;
  /** Which key to send: a write key by default, `none` for no `Authorization`. */
  readonly key?: 'read' | 'write' | 'none' | 'unknown' | 'revoked';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly status: number;
  /** The `error` code of the JSON answer, where the row pins it. */
  readonly error?: string;
  /** What `error_description` must say, where the row pins it (each refusal of a key says its own). */
  readonly description?: RegExp;
  /** The status on a raw Node socket when it differs (Node's HTTP parser answers 400 first). */
  readonly rawStatus?: number;
}

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
const missingKey = /^Send a proxy key as `Authorization: Bearer <key>`\.$/;
const malformedKey =
  /^The Authorization header holds no proxy key: send `Authorization: Bearer akp_r_…` \(a read key\) or `Authorization: Bearer akp_w_…` \(a write key\)/;
const readKeyOnWrite =
  /^This is a read key \(akp_r_…\): it can only send GET requests\. (POST|PUT|DELETE) needs a write key \(akp_w_…\)/;

export const refusalTable: readonly RefusalRow[] = [
  { name: 'the /test signature debugger', method: 'GET', target: '/test/accounts/v2/contacts', status: 404 },
  {
    name: 'the token endpoint',
    method: 'POST',
    target: '/oauth2/token',
    headers: form,
    body: 'grant_type=refresh_token',
    status: 404,
  },
  { name: 'the authorization page', method: 'GET', target: '/oauth2/auth?client_id=x', status: 404 },
  { name: 'an unknown path', method: 'GET', target: '/accounts/v2/secrets', status: 404 },
  {
    name: 'a method the spec lacks (PATCH)',
    method: 'PATCH',
    target: '/accounts/v2/contacts/1',
    headers: form,
    body: 'a=1',
    status: 404,
  },
  {
    name: 'a method the spec lacks (DELETE income)',
    method: 'DELETE',
    target: '/accounts/v2/incomes/1',
    status: 404,
  },
  { name: 'a non-integer id', method: 'GET', target: '/accounts/v2/contacts/abc', status: 404 },
  { name: 'a trailing slash', method: 'GET', target: '/accounts/v2/contacts/', status: 404 },
  { name: 'a matrix parameter', method: 'GET', target: '/accounts/v2/contacts/1;evil', status: 404 },
  { name: 'upper case', method: 'GET', target: '/ACCOUNTS/v2/contacts', status: 404 },
  {
    name: '.. to the token endpoint',
    method: 'POST',
    target: '/accounts/v2/contacts/../../../oauth2/token',
    headers: form,
    body: 'a=1',
    status: 404,
  },
  {
    name: '%2e%2e to the token endpoint',
    method: 'POST',
    target: '/accounts/v2/%2e%2e/%2e%2e/oauth2/token',
    headers: form,
    body: 'a=1',
    status: 404,
  },
  {
    name: '%2E%2E to /test',
    method: 'GET',
    target: '/accounts/v2/%2E%2E/%2E%2E/test/accounts/v2/contacts',
    status: 404,
  },
  {
    name: '%2f inside a segment',
    method: 'GET',
    target: '/accounts/v2/contacts%2f..%2f..%2foauth2%2fauth',
    status: 404,
  },
  {
    name: '%2F as a separator of an allowed path',
    method: 'GET',
    target: '/accounts%2Fv2%2Fcontacts',
    status: 404,
  },
  {
    name: '%5c backslash',
    method: 'GET',
    target: '/accounts/v2/contacts%5c..%5c..%5coauth2%5cauth',
    status: 404,
  },
  {
    name: 'backslashes to the token endpoint',
    method: 'POST',
    target: '/accounts/v2/contacts\\..\\..\\..\\oauth2\\token',
    headers: form,
    body: 'a=1',
    status: 404,
    rawStatus: 400,
  },
  { name: '//host at the start', method: 'GET', target: '//127.0.0.2:9/accounts/v2/contacts', status: 404 },
  {
    name: '/\\host at the start',
    method: 'GET',
    target: '/\\127.0.0.2:9/accounts/v2/contacts',
    status: 404,
    rawStatus: 400,
  },
  { name: '@host in the path', method: 'GET', target: '/@127.0.0.2:9/accounts/v2/contacts', status: 404 },
  { name: 'user@host form', method: 'GET', target: '/accounts@127.0.0.2:9/v2/contacts', status: 404 },
  { name: 'a doubled slash inside', method: 'GET', target: '/accounts//v2/contacts', status: 404 },
  { name: 'an encoded NUL', method: 'GET', target: '/accounts/v2/contacts/1%00', status: 404 },
  {
    name: 'no key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'none',
    status: 401,
    error: 'unauthorized',
    description: missingKey,
  },
  {
    name: 'a key in a cookie instead of Authorization',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'none',
    headers: { Cookie: 'key=akp_w_x' },
    status: 401,
    error: 'unauthorized',
    description: missingKey,
  },
  {
    name: 'Basic credentials instead of a key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'none',
    headers: { Authorization: 'Basic Zm9vOmJhcg==' },
    status: 401,
    error: 'unauthorized',
    description: malformedKey,
  },
  {
    name: 'an access token instead of a proxy key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'none',
    headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    status: 401,
    error: 'unauthorized',
    description: malformedKey,
  },
  {
    name: 'a truncated key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'none',
    headers: { Authorization: 'Bearer akp_w_0000000000000000000000' },
    status: 401,
    error: 'unauthorized',
    description: malformedKey,
  },
  {
    name: 'an unknown key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'unknown',
    status: 401,
    error: 'unauthorized',
    description: /^This proxy key is not known here: check it, or ask the proxy's admin for one\.$/,
  },
  {
    name: 'a revoked key',
    method: 'GET',
    target: '/accounts/v2/contacts',
    key: 'revoked',
    status: 401,
    error: 'unauthorized',
    description:
      /^This proxy key was revoked on \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ: ask the proxy's admin for a new one\.$/,
  },
  {
    name: 'a read key on POST',
    method: 'POST',
    target: '/accounts/v2/contacts',
    key: 'read',
    headers: form,
    body: 'contact[name]=x',
    status: 403,
    error: 'forbidden',
    description: readKeyOnWrite,
  },
  {
    name: 'a read key on PUT',
    method: 'PUT',
    target: '/accounts/v2/contacts/1',
    key: 'read',
    headers: form,
    body: 'contact[name]=x',
    status: 403,
    error: 'forbidden',
    description: readKeyOnWrite,
  },
  {
    name: 'a read key on DELETE',
    method: 'DELETE',
    target: '/accounts/v2/contacts/1',
    key: 'read',
    status: 403,
    error: 'forbidden',
    description: readKeyOnWrite,
  },
  {
    name: 'a JSON body',
    method: 'POST',
    target: '/accounts/v2/contacts',
    headers: { 'Content-Type': 'application/json' },
    body: '{"contact":{"name":"x"}}',
    status: 415,
  },
  {
    name: 'a multipart body',
    method: 'POST',
    target: '/accounts/v2/contacts',
    headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    body: '--x--',
    status: 415,
  },
  {
    name: 'a body without Content-Type',
    method: 'PUT',
    target: '/accounts/v2/contacts/1',
    body: 'contact[name]=x',
    status: 415,
  },
  {
    name: 'a declared length over the limit',
    method: 'POST',
    target: '/accounts/v2/contacts',
    headers: { ...form, 'Content-Length': '2000000' },
    body: 'a=1',
    status: 413,
  },
  {
    name: 'a broken percent-encoding in the query',
    method: 'GET',
    target: '/accounts/v2/contacts?search=%E0%A4%A',
    status: 400,
  },
];
