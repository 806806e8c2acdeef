import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, generateToolSchemas, readDocuments } from '../scripts/generate-tool-schemas.js';

describe('generated tool schemas', () => {
  it('match what the OpenAPI documents generate (regenerate: pnpm --filter @acctkit/mcp-server generate)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(generateToolSchemas(readDocuments()));
  });
});
