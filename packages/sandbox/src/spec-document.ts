import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Variant } from './variant.js';

const require = createRequire(import.meta.url);
const documents = new Map<Variant, Record<string, unknown>>();

/**
 * The bundled OpenAPI document of `variant`, read and parsed once for the docs page and the request
 * rules alike. Callers must not change it.
 */
export function specDocument(variant: Variant): Record<string, unknown> {
  let doc = documents.get(variant);
  if (doc === undefined) {
    doc = JSON.parse(readFileSync(require.resolve(`@acctkit/openapi/${variant}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    documents.set(variant, doc);
  }
  return doc;
}
