import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleDir, variants } from '../src/paths.ts';

interface Scheme {
  type: string;
  name?: string;
  description?: string;
}

describe.each(variants)('the %s bundle tells a client generator how to sign', (variant) => {
  const doc = JSON.parse(readFileSync(join(bundleDir, `${variant}.json`), 'utf8')) as {
    components: { securitySchemes: Record<string, Scheme> };
  };
  const { signature, nonce } = doc.components.securitySchemes;

  it('says that X-Signature and X-Nonce are computed per request, not static API keys', () => {
    expect(signature?.name).toBe('X-Signature');
    expect(signature?.description).toContain('Not a static API key');
    expect(signature?.description).toMatch(/for every data request, creates a fresh nonce/);
    expect(nonce?.description).toContain('not a static API key');
  });

  it('carries the published worked example with its correct signature under the /test key', () => {
    const text = signature?.description ?? '';
    const baseString = /the base string `(POST&[^`]+)`/.exec(text)?.[1];
    expect(baseString).toBeDefined();
    const expected = createHmac('sha1', 'TestSigningSecret&TestToken')
      .update(baseString ?? '')
      .digest('base64');
    expect(text).toContain(`signs to \`${expected}\``);
    expect(text).toContain('/test/<data path>');
  });
});
