// The committed card HTML (src/apps/generated/cards-html.ts) is what src/apps/generate-cards.ts
// builds from src/apps/view/ today: a change to a card's code, its styles or ext-apps shows up here
// until `pnpm --filter @acctkit/mcp-server build` regenerates the module.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { cardsModuleSource } from '../src/apps/generate-cards.js';

it('the generated card module is up to date', async () => {
  const committed = await readFile(new URL('../src/apps/generated/cards-html.ts', import.meta.url), 'utf8');
  const fresh = await cardsModuleSource();
  // Compared as booleans first: a diff of two 400 kB lines helps nobody.
  expect(committed === fresh, 'src/apps/generated/cards-html.ts is stale: run the package build').toBe(true);
});
