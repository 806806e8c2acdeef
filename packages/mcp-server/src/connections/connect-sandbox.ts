import { randomBytes } from 'node:crypto';
import { createClient, createTokenManager, toTokenSet, variantFromCountry } from '@acctkit/client';
import type { Sandbox } from '@acctkit/sandbox';
import type { BusinessConnection } from '../business-connection.js';
import { businessProfile } from './business-profile.js';
import { ConnectionError } from './connection-error.js';
import { USER_AGENT } from './user-agent.js';

/** Options of {@link connectSandbox}. */
export interface SandboxConnectionOptions {
  /**
   * A running sandbox to connect to, with its admin token (for example the one `npm start` serves).
   * Default: a new in-memory sandbox with a random admin token, closed by `close()`.
   */
  readonly sandbox?: { readonly sandbox: Sandbox; readonly adminToken: string } | undefined;
  /** The scope of the minted tokens (default `full_access`; `readonly` hides every write tool). */
  readonly scope?: 'readonly' | 'full_access' | undefined;
}

/** The demo businesses of a sandbox, connected, and how to let them go. */
export interface SandboxConnections {
  /** Both demo businesses, named `de` and `pt`. */
  readonly connections: BusinessConnection[];
  /** The sandbox they live in. */
  readonly sandbox: Sandbox;
  /** Closes the sandbox when this function created it; a sandbox passed in is left open. */
  close(): Promise<void>;
}

/** The host the in-process clients address; requests never leave the process (`fetch` is the sandbox's). */
const SANDBOX_BASE_URL = 'http://sandbox.localhost';

/**
 * Connects both demo businesses of a sandbox (`de` and `pt`): tokens are minted through the admin API
 * (`POST /_sandbox/tokens`) and refreshed through the sandbox's token endpoint like real ones.
 *
 * @param options - The sandbox to use (default: a new in-memory one) and the scope.
 * @returns The connections, the sandbox and `close()`.
 * @example
 * ```ts
 * import { createServer } from '@acctkit/mcp-server';
 * import { connectSandbox } from '@acctkit/mcp-server/node';
 * const { connections, close } = await connectSandbox();
 * const server = createServer({ connections });
 * ```
 */
export async function connectSandbox(options: SandboxConnectionOptions = {}): Promise<SandboxConnections> {
  const owned = options.sandbox === undefined;
  const adminToken = options.sandbox?.adminToken ?? randomBytes(24).toString('base64url');
  // Imported only here: the sandbox brings SQLite, which other start-ups do not need.
  const sandbox =
    options.sandbox?.sandbox ?? (await loadSandbox()).createSandbox({ database: ':memory:', adminToken });
  const fetch = (request: Request): Promise<Response> => sandbox.fetch(request);
  try {
    const connections = await Promise.all(
      (['de', 'pt'] as const).map(async (name): Promise<BusinessConnection> => {
        const response = await fetch(
          new Request(`${SANDBOX_BASE_URL}/_sandbox/tokens`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ business: name, scope: options.scope ?? 'full_access' }),
          }),
        );
        if (response.status !== 201)
          throw new ConnectionError(
            'SANDBOX_FAILED',
            `The sandbox refused to mint tokens for '${name}' (HTTP ${response.status}); check its admin token.`,
          );
        const minted = (await response.json()) as MintedTokens;
        const variant = variantFromCountry(minted.country);
        const tokens = createTokenManager({
          baseUrl: SANDBOX_BASE_URL,
          clientId: minted.client_id,
          clientSecret: minted.client_secret,
          signingSecret: minted.signing_secret,
          tokens: toTokenSet(minted),
          fetch,
        });
        const client = createClient({
          variant,
          baseUrl: SANDBOX_BASE_URL,
          tokens,
          userAgent: USER_AGENT,
          fetch,
        });
        return {
          name,
          variant,
          businessId: minted.business_id,
          businessName: (await businessProfile(client, name)).businessName,
          scope: minted.scope === 'readonly' ? 'readonly' : 'full_access',
          client,
          reconnectHint: 'restart the server: acctkit-mcp --sandbox',
        };
      }),
    );
    return {
      connections,
      sandbox,
      close: async () => {
        if (owned) sandbox.close();
      },
    };
  } catch (error) {
    if (owned) sandbox.close();
    throw error;
  }
}

interface MintedTokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly scope: 'readonly' | 'full_access';
  readonly token_type: 'Bearer';
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly country: string;
  readonly business_id: number;
}

/** `@acctkit/sandbox`, an optional peer: only `--sandbox` needs it (and the SQLite module it brings). */
async function loadSandbox(): Promise<typeof import('@acctkit/sandbox')> {
  try {
    return await import('@acctkit/sandbox');
  } catch (cause) {
    if ((cause as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw cause;
    throw new ConnectionError(
      'SANDBOX_FAILED',
      '--sandbox needs the @acctkit/sandbox package, which is not installed. Install it beside this one (npm install @acctkit/sandbox), or run: npx -y -p @acctkit/mcp-server -p @acctkit/sandbox acctkit-mcp --sandbox',
      { cause },
    );
  }
}
