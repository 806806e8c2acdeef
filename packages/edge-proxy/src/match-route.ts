import { dataRoutes } from './generated/routes.js';
import type { ProxyVariant } from './proxy-store.js';

/** A data operation a request was matched to. */
export interface MatchedRoute {
  readonly operationId: string;
  /** The path to send upstream: the request's own path, which matched a template exactly. */
  readonly path: string;
  /** The spec's path template it matched, ids as `{id}`: what logs name instead of the path. */
  readonly template: string;
}

interface Compiled {
  readonly pattern: RegExp;
  readonly operationId: string;
  readonly template: string;
}

// Literal segments of the spec are `a-z 0-9 _`; ids are integers. Anything else (`%`, `.`, `\`, `@`,
// `:`, an empty segment from `//`, a trailing slash) can match no route, so it is refused before any
// template is tried and nothing is ever decoded.
const plainPath = /^(?:\/[A-Za-z0-9_]+)+$/;

function compile(routes: readonly (readonly [string, string, string])[]): Map<string, Compiled[]> {
  const byMethod = new Map<string, Compiled[]>();
  for (const [method, template, operationId] of routes) {
    const source = template
      .split('/')
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[0-9]{1,18}' : segment))
      .join('/');
    const list = byMethod.get(method) ?? [];
    list.push({ pattern: new RegExp(`^${source}$`), operationId, template });
    byMethod.set(method, list);
  }
  return byMethod;
}

const compiled: Record<ProxyVariant, Map<string, Compiled[]>> = {
  de: compile(dataRoutes.de),
  pt: compile(dataRoutes.pt),
};

/**
 * Finds the data operation of `variant` that `method` and `path` name, on the allow-list generated
 * from the bundled spec. The path must be in plain form already: no percent-encoding, dots,
 * backslashes or empty segments.
 *
 * @param variant - The connection's variant.
 * @param method - The request method, upper case.
 * @param path - The request path, without query.
 * @returns The operation and the path to forward, or `undefined` when the pair is not allowed.
 * @example
 * ```ts
 * import { matchRoute } from '@acctkit/edge-proxy';
 * matchRoute('de', 'GET', '/accounts/v2/contacts/7');
 * // { operationId: 'getContact', path: '/accounts/v2/contacts/7', template: '/accounts/v2/contacts/{id}' }
 * matchRoute('de', 'POST', '/oauth2/token'); // undefined
 * ```
 */
export function matchRoute(variant: ProxyVariant, method: string, path: string): MatchedRoute | undefined {
  if (path.length > 200 || !plainPath.test(path)) return undefined;
  const candidates = compiled[variant].get(method);
  if (!candidates) return undefined;
  for (const { pattern, operationId, template } of candidates) {
    if (pattern.test(path)) return { operationId, path, template };
  }
  return undefined;
}

/**
 * The data operation of any variant that `method` and `path` name (for refusing before the key), and
 * the variant whose table it was found in (so the connection's own variant is not matched twice).
 */
export function dataRouteOf(
  method: string,
  path: string,
): { readonly variant: ProxyVariant; readonly route: MatchedRoute } | undefined {
  const de = matchRoute('de', method, path);
  if (de) return { variant: 'de', route: de };
  const pt = matchRoute('pt', method, path);
  return pt ? { variant: 'pt', route: pt } : undefined;
}
