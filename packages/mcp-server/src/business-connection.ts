import type { ChangeJournal } from '@acctkit/change-journal';
import type { AccountingClient } from '@acctkit/client';

/** The id and name of a connected business. */
export interface BusinessProfile {
  readonly businessId: number;
  readonly businessName: string;
}

/**
 * One business the server acts for: a named connection with its typed client. The wiring (stdio,
 * HTTP, sandbox, the connection store) builds these; the tools only read them.
 *
 * @example
 * ```ts
 * import { createClient, type TokenManager } from '@acctkit/client';
 * import type { BusinessConnection } from '@acctkit/mcp-server';
 *
 * declare const tokens: TokenManager; // e.g. createTokenManager({ … }) of @acctkit/client
 * const connection: BusinessConnection = {
 *   name: 'de',
 *   variant: 'de',
 *   businessId: 1,
 *   businessName: 'Schneider Werbetechnik GmbH',
 *   scope: 'full_access',
 *   client: createClient({
 *     variant: 'de',
 *     baseUrl: 'https://api.accounting.example',
 *     tokens,
 *     userAgent: 'acctkit-mcp',
 *   }),
 *   reconnectHint: 'run: acctkit login --name de',
 * };
 * ```
 */
export interface BusinessConnection {
  /** The connection's name: what agents pass as `business` (as `list_businesses` shows). */
  readonly name: string;
  /** `de` (Variant A) or `pt` (Variant B). */
  readonly variant: 'de' | 'pt';
  /**
   * The business id the token grants, when known without asking the service (a stored connection, a
   * remote grant). Without it, the profile is read on first use (`GET /core/v2/business`), so a server
   * answers its first request before any network call.
   */
  readonly businessId?: number | undefined;
  /** The business's display name, when known without asking the service (as `businessId`). */
  readonly businessName?: string | undefined;
  /** `readonly` connections get no write tools. */
  readonly scope: 'readonly' | 'full_access';
  /** The typed client of the connection's variant (`client.variant === variant`). */
  readonly client: AccountingClient;
  /** What a user runs when the connection's grant is expired or revoked, e.g. `run: acctkit login --name de`. */
  readonly reconnectHint?: string | undefined;
  /**
   * Where the creates, updates and deletes made through the server's tools are journaled (read through
   * `acctkit://{business}/journal`); without one, changes are not journaled.
   */
  readonly journal?: ChangeJournal | undefined;
}
