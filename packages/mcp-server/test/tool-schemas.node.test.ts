import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  GENERATED_PATH,
  generateToolSchemas,
  patternMaxLength,
  readDocuments,
} from '../scripts/generate-tool-schemas.js';

describe('generated tool schemas', () => {
  it('match what the OpenAPI documents generate (regenerate: pnpm --filter @acctkit/mcp-server generate)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(generateToolSchemas(readDocuments()));
  });

  it("leave out a maxLength only where the pattern's longest match is no longer", () => {
    expect(patternMaxLength('^-?\\d{1,8}(\\.\\d{1,2})?$')).toBe(12);
    expect(patternMaxLength('^\\d{1,3}(\\.\\d{1,4})?$')).toBe(8);
    expect(patternMaxLength('^(\\d{4}-\\d{2}-\\d{2}|\\d{2}/\\d{2}/\\d{4})$')).toBe(10);
    expect(patternMaxLength('^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$')).toBe(34);
    expect(patternMaxLength('^[\\]a]{2}$')).toBe(2);
    // No bound, or syntax it does not read: the maxLength stays.
    for (const pattern of ['^-?\\d+(\\.\\d+)?$', '^[a-z]*$', '^a{2,}$', 'abc', '^(?=a)b$', '^(a)\\1$'])
      expect(patternMaxLength(pattern), pattern).toBeUndefined();
  });
});
