/**
 * `@acctkit/mcp-server` outside Node: the same server in every runtime of the matrix (Node 20/22/24,
 * Deno, Bun, workerd, Chromium), built by `createServer` with connections to the sandbox on
 * localhost and spoken to by the SDK's client in memory. What each tool does is proven by the Node
 * suites; this suite proves the entry loads and serves with Web APIs only.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BusinessConnection, createServer, listTools, type ToolErrorBody } from '../src/index.js';
import { matrixConnection } from './helpers/matrix-connections.js';

let connections: BusinessConnection[] = [];
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  connections = [await matrixConnection('de'), await matrixConnection('pt')];
  const server = createServer({ connections });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'matrix', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  close = async () => {
    await client.close();
    await server.close();
  };
});

afterAll(() => close?.());

/** The structured content of a successful call, after checking its text is the same JSON. */
async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  const [text] = result.content as { type: string; text: string }[];
  expect(JSON.parse(text?.text ?? '')).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

describe('createServer in this runtime', () => {
  it('lists the tools listTools() names', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      listTools()
        .map((t) => t.name)
        .sort(),
    );
  });

  it('reads records of both businesses from the service', async () => {
    const businesses = await ok('list_businesses', {});
    expect(JSON.stringify(businesses)).toContain('Schneider Werbetechnik GmbH');
    for (const business of ['de', 'pt']) {
      const page = (await ok('list_contacts', { business, limit: 5 })) as { items: unknown[] };
      expect(page.items.length).toBeGreaterThan(0);
    }
  });

  it('creates a contact and reads it back', async () => {
    const created = (await ok('create_contact', {
      business: 'de',
      name: 'Ida Vogel',
      company: 'Vogel Druck KG',
      contact_type_id: 2,
      email: 'ida@vogel.example',
    })) as { record?: { id?: number } };
    const id = created.record?.id;
    expect(typeof id).toBe('number');
    const read = await ok('get_contact', { business: 'de', id });
    expect(JSON.stringify(read)).toContain('ida@vogel.example');
  });

  it('answers a call without a required argument with a coded failure result', async () => {
    const result = await client.callTool({ name: 'get_contact', arguments: { business: 'de' } });
    expect(result.isError).toBe(true);
    const [text] = result.content as { type: string; text: string }[];
    const body = (JSON.parse(text?.text ?? '') as { error: ToolErrorBody }).error;
    expect(body.code).toBe('INVALID_ARGUMENTS');
    expect(body.fields?.map((f) => f.field)).toEqual(['id']);
  });
});
