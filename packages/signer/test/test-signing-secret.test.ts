import { describe, expect, it } from 'vitest';
import { sign, TEST_SIGNING_SECRET, verify } from '../src/index.js';

describe('TEST_SIGNING_SECRET', () => {
  it("is the /test endpoint's published secret", () => {
    expect(TEST_SIGNING_SECRET).toBe('TestSigningSecret');
  });

  it('signs a /test request that verify accepts with any token', async () => {
    const url = 'https://api.example.test/test/accounts/v2/contacts';
    const s = await sign({ method: 'GET', url }, { signingSecret: TEST_SIGNING_SECRET, accessToken: 'any' });
    const v = await verify(
      { method: 'GET', url, headers: s.headers },
      { signingSecret: 'TestSigningSecret' },
    );
    expect(v.valid).toBe(true);
  });
});
