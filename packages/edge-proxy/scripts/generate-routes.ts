/**
 * Writes `src/generated/routes.ts`, the allow-list of the proxy: every method and path of the spec's
 * data operations (those secured by OAuth and a signature), per variant, read from the bundled
 * documents `openapi/dist/{de,pt}.json`. `/oauth2/...` and `/test/...` are not data operations and so
 * never appear. A test regenerates it in memory and fails when the committed file differs.
 *
 *   pnpm --filter @acctkit/edge-proxy gen:routes
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Operation {
  readonly operationId?: string;
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly parameters?: readonly { readonly $ref?: string; readonly in?: string; readonly name?: string }[];
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly security?: readonly Record<string, readonly string[]>[];
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;
export const routesFile: string = fileURLToPath(new URL('../src/generated/routes.ts', import.meta.url));

/** `[METHOD, path template, operationId, scopes]` of every data operation of one document. */
export function dataOperations(doc: Document): [string, string, string, string[]][] {
  const rows: [string, string, string, string[]][] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? doc.security ?? [];
      // A data operation is one the service authorises with an OAuth token and a signature.
      const scopes = security.filter((s) => 'oauth2' in s && 'signature' in s).flatMap((s) => s.oauth2 ?? []);
      if (scopes.length === 0) continue;
      rows.push([method.toUpperCase(), path, op.operationId ?? '', [...new Set(scopes)].sort()]);
    }
  }
  return rows.sort((a, b) => (a[1] === b[1] ? a[0].localeCompare(b[0]) : a[1].localeCompare(b[1])));
}

/** The text of `src/generated/routes.ts` for the two bundled documents. */
export function routesSource(de: Document, pt: Document): string {
  const list = (doc: Document): string =>
    dataOperations(doc)
      .map(([m, p, id]) => `    [${JSON.stringify(m)}, ${JSON.stringify(p)}, ${JSON.stringify(id)}],`)
      .join('\n');
  return [
    '// Generated from openapi/dist/{de,pt}.json by packages/edge-proxy/scripts/generate-routes.ts;',
    '// regenerate with `pnpm --filter @acctkit/edge-proxy gen:routes`. Do not edit by hand.',
    '',
    '/** Method, path template and operationId of every data operation the proxy forwards, per variant. */',
    'export const dataRoutes: {',
    '  readonly de: readonly (readonly [string, string, string])[];',
    '  readonly pt: readonly (readonly [string, string, string])[];',
    '} = {',
    '  de: [',
    list(de),
    '  ],',
    '  pt: [',
    list(pt),
    '  ],',
    '};',
    '',
  ].join('\n');
}

/** Reads a bundled document of `@acctkit/openapi`. */
export function readDocument(variant: 'de' | 'pt'): Document {
  const file = fileURLToPath(new URL(`../../../openapi/dist/${variant}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as Document;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(routesFile, routesSource(readDocument('de'), readDocument('pt')));
  process.stdout.write(`wrote ${routesFile}\n`);
}
