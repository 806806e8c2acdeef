import { type AccountingClient, diagnosesOf, HttpError } from '@acctkit/client';
import type { StoredConnection } from '@acctkit/client/node';
import { sign, TEST_SIGNING_SECRET } from '@acctkit/signer';
import { CliError } from '../cli-error.js';
import { type Command, listValue, positionals, stringValue } from '../command.js';
import { chooseConnection, connectedClient } from '../connected-client.js';
import { connectionError } from '../connection-error.js';
import { encodeFields } from '../form-fields.js';
import type { Io, Output } from '../io.js';
import { writeBody, writeJson } from '../output.js';
import { signingSteps } from '../signing-steps.js';
import { terminalJson, terminalText } from '../terminal-text.js';
import { USER_AGENT } from '../version.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Query = Record<string, string | string[]>;

/** `acctkit request`: a signed call through a stored connection, like `gh api`. */
export const request: Command = {
  name: 'request',
  summary: 'make a signed API call through a stored connection',
  usage: [
    'request METHOD PATH [-f key=value]... [-q key=value]... [--connection NAME] [--paginate] [--raw] [--dry-run]',
  ],
  description: [
    'Sends METHOD (GET, POST, PUT or DELETE) to PATH on the connection’s API host, signed with a fresh nonce. The access token is refreshed first when it is about to expire, and once more if the service answers 401 (refreshes are shared safely with other processes using the same connection). GET, PUT and DELETE are retried on 429 and 503.',
    '-f builds the form body of POST and PUT (for GET and DELETE it adds to the query); nest keys with brackets: -f contact[name]=Ann -f contact[contact_type_id]=1. -q adds to the query; PATH may carry a query too.',
    'The response body is printed as JSON: indented on a terminal, one line otherwise; --raw prints it as received. On 4xx or 5xx the error body and its diagnoses go to stderr and the exit code is 1.',
    '--paginate follows $startIndex to the last record of a list and prints one record per line (NDJSON), with a progress line on stderr when stderr is a terminal. --dry-run prints the URL, the body, the four signing steps and the headers instead of sending (tokens redacted).',
    'The connection is --connection, else ACCTKIT_CONNECTION, else "defaultConnection" of the config file, else the only one stored. The app secrets come from ACCTKIT_CLIENT_SECRET and ACCTKIT_SIGNING_SECRET, else the config profile with the connection’s client id (sandbox connections need none).',
  ],
  options: {
    field: {
      type: 'string',
      short: 'f',
      multiple: true,
      value: 'key=value',
      description: 'Form field (query field for GET and DELETE); repeatable.',
    },
    query: {
      type: 'string',
      short: 'q',
      multiple: true,
      value: 'key=value',
      description: 'Query parameter; repeatable.',
    },
    connection: { type: 'string', short: 'c', value: 'NAME', description: 'The stored connection to use.' },
    paginate: { type: 'boolean', description: 'Fetch every page of a list (GET) and print NDJSON records.' },
    raw: { type: 'boolean', description: 'Print the response body exactly as received.' },
    'dry-run': { type: 'boolean', description: 'Print the signing steps and headers; send nothing.' },
  },
  environment: {
    ACCTKIT_CONNECTION: 'connection name',
    ACCTKIT_CLIENT_SECRET: 'client_secret (for refreshes)',
    ACCTKIT_SIGNING_SECRET: 'signing_secret',
    ACCTKIT_CONNECTIONS_FILE: 'connection file (default $XDG_CONFIG_HOME/acctkit/connections.json)',
  },
  examples: [
    'acctkit request GET /core/v2/business',
    'acctkit request GET /accounts/v2/contacts -q search=Ann',
    'acctkit request POST /accounts/v2/contacts -f contact[name]=Ann -f contact[contact_type_id]=1',
    "acctkit request GET /accounts/v2/contacts --paginate | jq -r '.name'",
    'acctkit request DELETE /accounts/v2/contacts/42 --dry-run',
  ],
  async run(args, io) {
    const [methodArg, pathArg] = positionals(args, this, ['METHOD', 'PATH']) as [string, string];
    const method = methodArg.toUpperCase() as Method;
    if (!METHODS.includes(method))
      throw new CliError('USAGE', `METHOD is GET, POST, PUT or DELETE, not '${methodArg.slice(0, 10)}'.`);
    if (!pathArg.startsWith('/'))
      throw new CliError('USAGE', `PATH starts with '/', as in /core/v2/business.`);
    const paginate = args.values.paginate === true;
    if (paginate && method !== 'GET') throw new CliError('USAGE', '--paginate works with GET only.');

    const bodyless = method === 'GET' || method === 'DELETE';
    const [path, inline = ''] = splitOnce(pathArg, '?');
    const fields = encodeFields(listValue(args, 'field'), '-f');
    const queryString = [inline, encodeFields(listValue(args, 'query'), '-q'), bodyless ? fields : '']
      .filter(Boolean)
      .join('&');
    const body = bodyless || fields === '' ? undefined : fields;
    if (paginate) pageSizeOf(toQuery(queryString));

    const chosen = await chooseConnection(io, stringValue(args, 'connection'));
    const { connection, secrets } = chosen;

    if (args.values['dry-run'] === true) {
      await dryRun(io, connection, secrets.signingSecret, method, path, queryString, body);
      return 0;
    }
    const api = await connectedClient(io, chosen);
    try {
      if (paginate) return await paginateList(io, api, path, toQuery(queryString));
      return await send(io, api, method, path, toQuery(queryString), body, args.values.raw === true);
    } catch (err) {
      throw connectionError(err, connection);
    }
  },
};

async function send(
  io: Io,
  api: AccountingClient,
  method: Method,
  path: string,
  query: Query,
  body: string | undefined,
  raw: boolean,
): Promise<number> {
  type Call = (
    path: string,
    init: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const call = (api as unknown as Record<Method, Call>)[method].bind(api);
  const { data, error, response } = await call(path, {
    params: { query },
    ...(body === undefined ? {} : { body }),
    parseAs: 'text',
  });
  if (response.ok) {
    const text = typeof data === 'string' ? data : '';
    if (raw) io.stdout.write(text);
    else writeBody(io.stdout, text);
    return 0;
  }
  reportHttpError(
    io.stderr,
    new HttpError(response.status, error, `${method} ${path}`),
    raw ? error : undefined,
  );
  return 1;
}

/** The page size `-q $itemsPerPage=N` asks `--paginate` for, checked. */
function pageSizeOf(query: Query): number | undefined {
  const given = query.$itemsPerPage;
  if (given === undefined) return undefined;
  const size = Number(given);
  if (!(Number.isInteger(size) && size >= 1 && size <= 200))
    throw new CliError(
      'USAGE',
      `-q $itemsPerPage takes a whole number from 1 to 200 with --paginate, not '${String(given).slice(0, 20)}'.`,
    );
  return size;
}

async function paginateList(io: Io, api: AccountingClient, path: string, query: Query): Promise<number> {
  // The page size goes to paginate, which sends it as $itemsPerPage on every page.
  const { $itemsPerPage: _, ...rest } = query;
  const pageSize = pageSizeOf(query);
  const progress = io.stderr.isTTY === true;
  let count = 0;
  const items = (
    api.paginate as unknown as (p: string, init: unknown, opts: unknown) => AsyncGenerator<unknown>
  )(path, { params: { query: rest } }, { pageSize });
  try {
    for await (const item of items) {
      io.stdout.write(`${terminalJson(item)}\n`);
      count++;
      if (progress && count % 50 === 0) io.stderr.write(`\r${count} records…`);
    }
  } catch (err) {
    if (progress) io.stderr.write('\n');
    if (err instanceof HttpError) {
      reportHttpError(io.stderr, err, undefined);
      return 1;
    }
    throw err;
  }
  if (progress) io.stderr.write(`\r${count} records.\n`);
  return 0;
}

/** `acctkit: GET /x answered 422`, one line per diagnosis, then the error body (secrets redacted). */
function reportHttpError(out: Output, err: HttpError, raw: unknown): void {
  out.write(`acctkit: ${err.request ?? 'the request'} answered ${err.status}.\n`);
  for (const d of diagnosesOf(err.body))
    out.write(
      `  ${terminalText(`${d.$source ? `${d.$source}: ` : ''}${d.$message ?? ''}${d.$dataCode ? ` [${d.$dataCode}]` : ''}`)}\n`,
    );
  const e = err.body as { error?: unknown; error_description?: unknown } | undefined;
  if (typeof e?.error === 'string')
    out.write(`  ${terminalText(`${e.error}: ${String(e.error_description ?? '')}`)}\n`);
  if (raw !== undefined && typeof raw === 'string') out.write(raw);
  else if (err.body !== undefined && err.body !== '') writeJson(out, err.body);
}

async function dryRun(
  io: Io,
  connection: StoredConnection,
  signingSecret: string,
  method: Method,
  path: string,
  query: string,
  body: string | undefined,
): Promise<void> {
  const url = `${connection.baseUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
  // The client signs /test/ calls with the published test secret and the placeholder token
  // TestToken, never the connection's own.
  const test = path.startsWith('/test/');
  const signed = await sign(
    { method, url, body },
    test
      ? { signingSecret: TEST_SIGNING_SECRET, accessToken: 'TestToken' }
      : { signingSecret, accessToken: connection.tokens.accessToken },
  );
  const lines = [`${method} ${url}`];
  if (body !== undefined) lines.push(`body: ${body}`);
  lines.push('', ...signingSteps(method, signed, 'redact'), '', 'Other headers:');
  lines.push(
    '   Accept: */*',
    ...(body === undefined ? [] : ['   Content-Type: application/x-www-form-urlencoded']),
    `   User-Agent: ${USER_AGENT}`,
  );
  if (connection.tokens.expiresAt <= Date.now())
    lines.push(
      '',
      'The stored access token has expired: a real run refreshes it first (and signs with the new one).',
    );
  lines.push('', 'Dry run: nothing was sent. A real run signs with a fresh nonce.');
  io.stdout.write(`${lines.join('\n')}\n`);
}

/** Parses an encoded query into the object openapi-fetch serialises; repeated keys become arrays. */
function toQuery(query: string): Query {
  const out: Query = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at === -1 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
