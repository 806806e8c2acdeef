import { createClient, createTokenManager, toTokenSet } from '@acctkit/client';
import { createSandbox, type Sandbox } from '@acctkit/sandbox';
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { type BusinessConnection, createServer, type ServerOptions } from '../src/index.js';

export const ADMIN = 'test-admin-token';
export const BASE = 'http://sandbox.test';

/** A fresh in-memory sandbox with its clock under the test's control. */
export function startSandbox(): { sandbox: Sandbox; clock: { now: number } } {
  const clock = { now: Date.parse('2026-11-23T10:00:00Z') };
  const sandbox = createSandbox({ database: ':memory:', adminToken: ADMIN, clock: () => clock.now });
  return { sandbox, clock };
}

/**
 * Starts a sandbox before the file's tests with one full-access connection per variant, and closes
 * it after them. The connections are filled in by the time the tests run.
 */
export function useConnections(): Record<'de' | 'pt', BusinessConnection> {
  let sandbox: Sandbox | undefined;
  const connections = {} as Record<'de' | 'pt', BusinessConnection>;
  beforeAll(async () => {
    ({ sandbox } = startSandbox());
    connections.de = await connect(sandbox, 'de');
    connections.pt = await connect(sandbox, 'pt');
  });
  afterAll(() => sandbox?.close());
  return connections;
}

/** Calls the sandbox's admin API. */
export async function admin(
  sandbox: Sandbox,
  path: string,
  body?: unknown,
  method = 'POST',
): Promise<Response> {
  return sandbox.fetch(
    new Request(`${BASE}/_sandbox/${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

interface Minted {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
  signing_secret: string;
  client_id: string;
  client_secret: string;
  business_id: number;
}

/** Counts the token refreshes the connections make. */
export const refreshes = { count: 0 };

/** A connection to a demo business through a token manager (so tokens refresh). */
/** Settles like a real fetch: rejected with the signal's reason when the request is aborted. */
function abortable(request: Request, response: Promise<Response>): Promise<Response> {
  const signal = request.signal;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Secrets minted for the connections, so tests can check none leaks. */
export const minted: string[] = [];

export async function connect(
  sandbox: Sandbox,
  variant: 'de' | 'pt',
  options: { name?: string; scope?: 'readonly' | 'full_access'; now?: () => number } = {},
): Promise<BusinessConnection> {
  const scope = options.scope ?? 'full_access';
  const token = (await (await admin(sandbox, 'tokens', { business: variant, scope })).json()) as Minted;
  minted.push(token.access_token, token.refresh_token, token.signing_secret, token.client_secret);
  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/oauth2/token') return abortable(request, sandbox.fetch(request));
    refreshes.count++;
    const response = await sandbox.fetch(request);
    const body = (await response.clone().json()) as Partial<Minted>;
    if (body.access_token) minted.push(body.access_token, body.refresh_token ?? '');
    return response;
  };
  const now = options.now ?? Date.now;
  const tokens = createTokenManager({
    baseUrl: BASE,
    clientId: token.client_id,
    clientSecret: token.client_secret,
    signingSecret: token.signing_secret,
    tokens: toTokenSet(token as unknown as Parameters<typeof toTokenSet>[0], now()),
    fetch,
    now,
  });
  const name = options.name ?? variant;
  return {
    name,
    variant,
    businessId: token.business_id,
    businessName: variant === 'de' ? 'Schneider Werbetechnik GmbH' : 'Ferreira & Costa Design, Lda.',
    scope,
    client: createClient({
      variant,
      baseUrl: BASE,
      tokens,
      userAgent: 'acctkit-mcp-test',
      fetch,
      retry: false,
    }),
    reconnectHint: `run: acctkit login --name ${name}`,
  };
}

/** An MCP client connected in memory to a server built with `options`. */
export async function mcpClient(
  options: ServerOptions,
  capabilities: ClientCapabilities = {},
): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = createServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Calls a tool; returns the result. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const outputSchemas = new WeakMap<Client, Map<string, z.ZodType>>();

/** Checks structured content against the tool's listed output schema (besides the SDK client's check). */
async function checkOutput(client: Client, name: string, content: unknown): Promise<void> {
  let schemas = outputSchemas.get(client);
  if (!schemas) {
    schemas = new Map();
    for (const tool of (await client.listTools()).tools)
      if (tool.outputSchema) schemas.set(tool.name, z.fromJSONSchema(tool.outputSchema as never));
    outputSchemas.set(client, schemas);
  }
  const schema = schemas.get(name);
  if (!schema) throw new Error(`${name} lists no output schema`);
  const parsed = schema.safeParse(content);
  if (!parsed.success) throw new Error(`${name}: output does not match its schema: ${parsed.error.message}`);
}

/** The structured content of a successful call (fails the test for an error result). */
export async function ok<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  const text = result.content[0];
  if (
    text?.type !== 'text' ||
    JSON.stringify(JSON.parse(text.text)) !== JSON.stringify(result.structuredContent)
  )
    throw new Error(`${name}: text content is not the structured content`);
  await checkOutput(client, name, result.structuredContent);
  return result.structuredContent as T;
}

/** The error body of a failed call (fails the test for a success). */
export async function fails(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{
  code: string;
  message: string;
  fields?: { field: string; problem: string; hint?: string }[];
  [k: string]: unknown;
}> {
  const result = await call(client, name, args);
  if (!result.isError) throw new Error(`${name} succeeded: ${JSON.stringify(result.structuredContent)}`);
  const text = result.content[0];
  if (text?.type !== 'text') throw new Error('no text content');
  return (JSON.parse(text.text) as { error: never }).error;
}

/** How many records a list path holds, asked of the service directly (not through the server). */
export async function countOf(
  connection: BusinessConnection,
  path: string,
  query: Record<string, unknown> = {},
): Promise<number> {
  const client = connection.client as unknown as {
    GET(path: string, init: unknown): Promise<{ data?: { $totalResults: number } }>;
  };
  const { data } = await client.GET(path, { params: { query: { ...query, $itemsPerPage: 1 } } });
  if (!data) throw new Error(`GET ${path} failed`);
  return data.$totalResults;
}

/** A record asked of the service directly, or `undefined` when it is gone. */
export async function recordOf(
  connection: BusinessConnection,
  path: string,
  id: number,
): Promise<Record<string, unknown> | undefined> {
  const client = connection.client as unknown as {
    GET(path: string, init: unknown): Promise<{ data?: Record<string, unknown>; response: Response }>;
  };
  const { data } = await client.GET(`${path}/{id}`, { params: { path: { id } } });
  return data;
}
