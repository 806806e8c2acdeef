// The published definition of every tool (name, title, description, annotations, input and output
// schema), as `tools/list` shows it with both demo businesses connected, is checked in: one file per
// tool in test/__tool-snapshots__/, so a change to what agents see shows in review.
// After a deliberate change, rewrite them:
//   UPDATE_TOOL_SNAPSHOTS=1 pnpm --filter @acctkit/mcp-server exec vitest run test/tool-snapshots.node.test.ts
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { listTools } from '../src/index.js';
import { mcpClient, useConnections } from './harness.js';

const FOLDER = fileURLToPath(new URL('./__tool-snapshots__/', import.meta.url));
const UPDATE = process.env.UPDATE_TOOL_SNAPSHOTS === '1';
const HOW =
  'UPDATE_TOOL_SNAPSHOTS=1 pnpm --filter @acctkit/mcp-server exec vitest run test/tool-snapshots.node.test.ts';

/** A tool's snapshot: its definition in a fixed key order, as indented JSON. */
function snapshot(tool: Tool): string {
  const { name, title, description, annotations, inputSchema, outputSchema } = tool;
  return `${JSON.stringify({ name, title, description, annotations, inputSchema, outputSchema }, null, 2)}\n`;
}

const connections = useConnections();
let tools: Tool[];

beforeAll(async () => {
  const { client, close } = await mcpClient({ connections: [connections.de, connections.pt] });
  tools = (await client.listTools()).tools;
  await close();
  if (UPDATE) mkdirSync(FOLDER, { recursive: true });
});

describe('tool snapshots', () => {
  it('has one snapshot per listed tool, and none for a tool that is gone', () => {
    expect(tools.map((tool) => tool.name)).toEqual(listTools().map((tool) => tool.name));
    const expected = tools.map((tool) => `${tool.name}.snap`).sort();
    const files = existsSync(FOLDER) ? readdirSync(FOLDER).filter((f) => f.endsWith('.snap')) : [];
    const obsolete = files.filter((file) => !expected.includes(file));
    if (UPDATE) for (const file of obsolete) rmSync(join(FOLDER, file));
    else expect(obsolete, `tools no longer listed: delete their snapshots (or run ${HOW})`).toEqual([]);
  });

  it('matches every tool definition to its snapshot', () => {
    for (const tool of tools) {
      const path = join(FOLDER, `${tool.name}.snap`);
      const actual = snapshot(tool);
      if (UPDATE) {
        writeFileSync(path, actual);
        continue;
      }
      expect(existsSync(path), `${tool.name} has no snapshot: run ${HOW}`).toBe(true);
      expect(actual, `${tool.name} differs from its snapshot; if that is intended, run ${HOW}`).toBe(
        readFileSync(path, 'utf8'),
      );
    }
  });
});
