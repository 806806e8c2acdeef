import { readFileSync } from 'node:fs';

/** One route of the admin API, as its OpenAPI document describes it. */
export interface AdminRoute {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  /** The operation's one-line summary. */
  readonly purpose: string;
  readonly tag: string;
}

interface AdminOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
}

type Document = Record<string, unknown> & {
  readonly paths: Record<string, Record<string, AdminOperation>>;
};

let document: Document | undefined;

/**
 * The OpenAPI document of the admin API, `admin-api.openapi.json` at the package root (beside `src`
 * and `dist`, so one relative URL finds it from either), read once. Callers must not change it.
 */
export function adminDocument(): Document {
  document ??= JSON.parse(
    readFileSync(new URL('../admin-api.openapi.json', import.meta.url), 'utf8'),
  ) as Document;
  return document;
}

/** Every operation of the admin document, in document order. */
export function adminRouteList(): AdminRoute[] {
  return Object.entries(adminDocument().paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      purpose: op.summary,
      tag: op.tags[0] ?? '',
    })),
  );
}

/** Where the API reference shows a route: the admin document at `/docs`, opened at the operation. */
export function adminDocsLink(route: AdminRoute): string {
  return `/docs?variant=admin#admin/tag/${route.tag.toLowerCase()}/${route.method}${route.path}`;
}
