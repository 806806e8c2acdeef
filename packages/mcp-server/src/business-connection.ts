import type { AccountingClient } from '@acctkit/client';

/**
 * One business the server acts for: a named connection with its typed client. The wiring (stdio,
 * HTTP, sandbox, the connection store) builds these; the tools only read them.
 *
 * @example
 * ```ts
 * const connection: BusinessConnection = {
 *   name: 'de',
 *   variant: 'de',
 *   businessId: 1,
 *   businessName: 'Schneider Werbetechnik GmbH',
 *   scope: 'full_access',
 *   client: createClient({ variant: 'de', baseUrl, tokens, userAgent: 'acctkit-mcp' }),
 *   reconnectHint: 'run: acctkit login --name de',
 * };
 * ```
 */
export interface BusinessConnection {
  /** The connection's name: what agents pass as `business` (as `list_businesses` shows). */
  readonly name: string;
  /** `de` (Variant A) or `pt` (Variant B). */
  readonly variant: 'de' | 'pt';
  /** The business id the token grants. */
  readonly businessId: number;
  /** The business's display name. */
  readonly businessName: string;
  /** `readonly` connections get no write tools. */
  readonly scope: 'readonly' | 'full_access';
  /** The typed client of the connection's variant (`client.variant === variant`). */
  readonly client: AccountingClient;
  /** What a user runs when the connection's grant is expired or revoked, e.g. `run: acctkit login --name de`. */
  readonly reconnectHint?: string | undefined;
}
