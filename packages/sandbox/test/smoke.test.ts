import { afterAll, describe, expect, it } from 'vitest';
import { callJson, mintToken, testSandbox } from './helpers.js';

const sb = testSandbox();
afterAll(() => sb.close());

describe('smoke', () => {
  it('listContacts: de first page', async () => {
    const creds = await mintToken(sb, 'de');
    const r = await callJson(sb, creds, 'GET', '/accounts/v2/contacts');
    expect(r.status).toBe(200);
    expect(r.body.$totalResults).toBe(300);
    expect(r.body.$resources).toHaveLength(20);
  });
});
