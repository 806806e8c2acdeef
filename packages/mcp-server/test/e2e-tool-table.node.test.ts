// The README's tool table must be exactly what the server registers (`pnpm readme:tools` regenerates it).
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltBin } from './e2e-bin.js';
import { README, registeredTools, renderToolTable, withToolTable } from './e2e-tool-table.js';

let tools: Tool[];
beforeAll(async () => {
  requireBuiltBin();
  tools = await registeredTools();
});

describe('README tool table', () => {
  it('matches the registered tools', () => {
    const readme = readFileSync(README, 'utf8');
    expect(tools.length).toBeGreaterThanOrEqual(19);
    // On failure run: pnpm --filter @acctkit/mcp-server readme:tools
    expect(readme).toBe(withToolTable(readme, renderToolTable(tools)));
  });

  it('lists every tool by name, with its kind', () => {
    const table = renderToolTable(tools);
    expect(table).toContain('| `list_contacts` |');
    expect(table).toMatch(/\| `delete_contact` \| .* \| write, destructive \|/);
    expect(table).toMatch(/\| `list_reference` \| .* \| read \|/);
  });
});
