// What a host downloads for a card stays within budget, and the package holds each card's HTML once.
// A card carries the ext-apps `App` with the parts of the MCP SDK and zod it reaches (about 330 kB of
// its 344 kB); the budget (CARD_BUDGET, which the build enforces too) leaves about 10 % to grow.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, APPROVAL_CARD_URI } from '../src/apps/cards.js';
import { CARD_BUDGET } from '../src/apps/generate-cards.js';
import * as cards from '../src/apps/generated/cards-html.js';
import { BIN, cleanEnv, requireBuiltBin } from './e2e-bin.js';
import { APPS_CAPABILITIES } from './helpers/card-results.js';

const DIST = new URL('../dist/', import.meta.url);

describe.each(Object.entries(cards))('%s', (_name, html) => {
  it(`is within ${CARD_BUDGET.raw / 1000} kB, ${CARD_BUDGET.gzip / 1000} kB gzipped`, () => {
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(CARD_BUDGET.raw);
    expect(gzipSync(html).length).toBeLessThanOrEqual(CARD_BUDGET.gzip);
  });

  it('carries no zod locale but English', () => {
    // Every locale but English names its messages in its own language; German's is one of them.
    expect(html).not.toContain('Ungültige Eingabe');
  });
});

it('the package holds each card once: the stdio bundle loads the compiled module, it does not copy it', async () => {
  const compiled = await readFile(new URL('apps/generated/cards-html.js', DIST), 'utf8');
  expect(compiled).toContain(JSON.stringify(cards.APPROVAL_CARD_HTML));
  const chunks = await readdir(new URL('acctkit-mcp/', DIST));
  const holding: string[] = [];
  for (const chunk of chunks) {
    const text = await readFile(new URL(`acctkit-mcp/${chunk}`, DIST), 'utf8');
    if (text.includes('<title>Approve a change</title>')) holding.push(chunk);
  }
  expect(holding).toEqual([]);
});

it('the stdio bin serves a card from that one copy (the #cards-html import resolves from the bundle)', async () => {
  requireBuiltBin();
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: APPS_CAPABILITIES });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--sandbox'],
      env: cleanEnv(),
      stderr: 'ignore',
    }),
  );
  try {
    const read = await client.readResource({ uri: APPROVAL_CARD_URI });
    expect(read.contents[0]).toMatchObject({ mimeType: APP_MIME_TYPE, text: cards.APPROVAL_CARD_HTML });
  } finally {
    await client.close();
  }
});
