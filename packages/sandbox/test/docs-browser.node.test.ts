// The API reference in a real browser: Debian Chromium via playwright-core (no browser download)
// renders /docs from the sandbox on a real port; nothing may be fetched from another origin. Scalar
// comes from the file the build vendors into dist (scalar-bundle.ts), not from an installed package.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedChromium, launchChromium } from '@acctkit/testing/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { SCALAR_BUNDLE_FILE } from '../src/scalar-bundle.js';

let server: RunningServer;
let chromium: LaunchedChromium;
const shots = mkdtempSync(join(tmpdir(), 'acctkit-docs-'));

beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:' });
  chromium = await launchChromium();
}, 30_000);

afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('GET /docs in Chromium', () => {
  it('renders an operation with its request schema and response, from local assets only', async () => {
    const page = await chromium.newPage({ viewport: { width: 1400, height: 1000 } });
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const scalarScript = page.waitForResponse(`${server.url}/docs/scalar.js`);
    await page.route(
      (url) => !url.href.startsWith(server.url),
      (route) => route.abort(),
    );
    await page.goto(`${server.url}/docs?variant=pt#pt/tag/contacts/POST/accounts/v2/contacts`, {
      timeout: 120_000,
    });
    // createContact of Variant B: its summary, its request body schema and its responses.
    const script = await scalarScript;
    expect(script.status()).toBe(200);
    expect((await script.body()).equals(readFileSync(SCALAR_BUNDLE_FILE))).toBe(true);
    const heading = page.getByRole('heading', { name: 'Create a contact' }).first();
    await heading.waitFor({ timeout: 30_000 });
    const section = page.locator('section', { has: heading }).first();
    await section.getByText('ContactCreate').first().waitFor({ timeout: 15_000 });
    const text = (await section.textContent()) ?? '';
    expect(text).toContain('application/x-www-form-urlencoded');
    expect(text).toMatch(/contact_type_id, name, company_name/);
    expect(text).toContain('The created contact.');
    expect(text).toContain('Validation failed. One $diagnoses entry per failing field');
    // The spec's Markdown is rendered: `company_name` in backticks becomes a <code> element.
    expect(await section.locator('code', { hasText: 'company_name' }).count()).toBeGreaterThan(0);
    // The sample request targets this sandbox (the served documents name it as their server) and
    // computes the signature with acctkit sign instead of sending a fixed X-Signature.
    expect(text).toContain('acctkit sign POST');
    expect(text).toContain(`'${server.url}/accounts/v2/contacts'`);
    expect(text).not.toContain('YOUR_SECRET_TOKEN');
    const file = join(shots, 'docs-create-contact.png');
    await page.screenshot({ path: file });
    process.stdout.write(`docs screenshot: ${file}\n`);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
