import { existsSync, readFileSync } from 'node:fs';
import { interfaceSpecCopy, interfaceSpecShared } from './paths.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

const methods = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * Rows of the endpoint table whose path is not written as a path. Each mapping is the decision
 * recorded in openapi/DECISIONS.md.
 */
const decidedRows: Record<string, Endpoint[]> = {
  // "PUT | see gap list": the user update is part of PUT /core/v2/business (DECISIONS.md, user update path).
  'PUT see gap list': [{ method: 'PUT', path: '/core/v2/business' }],
  // "any | /test/<data path>": one templated path with the four data methods (DECISIONS.md, /test endpoint).
  'any /test/<data path>': methods.map((method) => ({ method, path: '/test/{dataPath}' })),
};

/** Reads the interface spec: the copy beside the repository when present, else the repository's copy. */
export function readInterfaceSpec(): string {
  return readFileSync(existsSync(interfaceSpecShared) ? interfaceSpecShared : interfaceSpecCopy, 'utf8');
}

/** Every (method, path) of the interface spec's endpoint table, `<id>` written as `{id}`, deduplicated. */
export function endpointTable(markdown: string = readInterfaceSpec()): Endpoint[] {
  const start = markdown.indexOf('### Endpoint table');
  if (start < 0) throw new Error('the interface spec has no "### Endpoint table" section');
  const section = markdown.slice(start).split('\n### ')[0] ?? '';
  const endpoints = new Map<string, Endpoint>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const method = cells[1];
    const rawPath = (cells[2] ?? '').replaceAll('`', '');
    if (!method || method === 'Method' || /^-+$/.test(method)) continue;
    const decided = decidedRows[`${method} ${rawPath}`];
    const rows = decided ?? [
      { method: method as Endpoint['method'], path: rawPath.replaceAll('<id>', '{id}') },
    ];
    for (const row of rows) {
      if (!methods.includes(row.method) || !row.path.startsWith('/')) {
        throw new Error(`endpoint table row "${line}" is not a known shape: add a decided mapping for it`);
      }
      endpoints.set(`${row.method} ${row.path}`, row);
    }
  }
  return [...endpoints.values()];
}
