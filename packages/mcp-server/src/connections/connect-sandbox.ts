import { randomBytes } from 'node:crypto';
import { createMemoryChangeJournal } from '@acctkit/change-journal';
import {
  createClient,
  createTokenManager,
  type TokenSet,
  type TokenStore,
  toTokenSet,
  variantFromCountry,
} from '@acctkit/client';
import { missingSandboxMessage, SANDBOX_DEMO_APP } from '@acctkit/client/node';
import type { Sandbox } from '@acctkit/sandbox';
import type { BusinessConnection } from '../business-connection.js';
import { businessProfile } from './business-profile.js';
import { clientOnFirstUse } from './client-on-first-use.js';
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
        const minted = await mintTokens(sandbox, adminToken, name, options.scope ?? 'full_access');
        const variant = variantFromCountry(minted.country);
        const client = demoAppClient(variant, fetch, { tokens: toTokenSet(minted) });
        return {
          name,
          variant,
          businessId: minted.business_id,
          businessName: (await businessProfile(client, name)).businessName,
          scope: minted.scope === 'readonly' ? 'readonly' : 'full_access',
          client,
          reconnectHint: 'restart the server: acctkit-mcp --sandbox',
          journal: createMemoryChangeJournal(),
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
    throw missingSandbox(cause);
  }
}

/** The error of a sandbox package that cannot be found (the cause itself for any other failure). */
function missingSandbox(cause: unknown): unknown {
  if ((cause as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') return cause;
  return new ConnectionError('SANDBOX_FAILED', missingSandboxMessage('@acctkit/mcp-server', 'acctkit-mcp'), {
    cause,
  });
}

/** The demo businesses of a sandbox that starts later: see {@link sandboxOnFirstUse}. */
export interface DeferredSandboxConnections {
  /** `de` and `pt`, usable at once; their first call waits for the sandbox. */
  readonly connections: BusinessConnection[];
  /** Starts the sandbox and mints the tokens (once); rejects with the reason it cannot start. */
  start(): Promise<void>;
  /** Closes the sandbox if it was started. */
  close(): Promise<void>;
}

/**
 * The two demo businesses of a new in-memory sandbox, whose start (importing the sandbox and its
 * SQLite module, seeding the demo data, minting tokens: about two thirds of a `--sandbox` start-up) is
 * left until `start()` or a first call. Names, variants, scope and the demo app are known beforehand,
 * so the server answers its first request without the sandbox; each client's first request waits for it.
 *
 * @returns The connections, `start()` and `close()`.
 * @throws ConnectionError `SANDBOX_FAILED` when `@acctkit/sandbox` is not installed.
 */
export function sandboxOnFirstUse(): DeferredSandboxConnections {
  // Only found, not loaded: a missing package is a start-up error, the loading waits.
  try {
    import.meta.resolve('@acctkit/sandbox');
  } catch (cause) {
    throw missingSandbox(cause);
  }
  const adminToken = randomBytes(24).toString('base64url');
  let started: Promise<{ sandbox: Sandbox; minted: Record<'de' | 'pt', MintedTokens> }> | undefined;
  const start = () =>
    (started ??= (async () => {
      const sandbox = (await loadSandbox()).createSandbox({ database: ':memory:', adminToken });
      try {
        const [de, pt] = await Promise.all([
          mintTokens(sandbox, adminToken, 'de', 'full_access'),
          mintTokens(sandbox, adminToken, 'pt', 'full_access'),
        ]);
        return { sandbox, minted: { de, pt } };
      } catch (error) {
        sandbox.close();
        throw error;
      }
    })());
  const fetch = async (request: Request): Promise<Response> => (await start()).sandbox.fetch(request);
  const connections = (['de', 'pt'] as const).map((name) => {
    let latest: TokenSet | undefined;
    const store: TokenStore = {
      get: async () => latest ?? toTokenSet((await start()).minted[name]),
      set: (next) => {
        latest = next;
      },
    };
    return clientOnFirstUse(
      {
        name,
        variant: name,
        scope: 'full_access',
        reconnectHint: 'restart the server: acctkit-mcp --sandbox',
        journal: createMemoryChangeJournal(),
      },
      () => demoAppClient(name, fetch, { store }),
    );
  });
  return {
    connections,
    start: async () => {
      await start();
    },
    close: async () => {
      if (started) (await started.catch(() => undefined))?.sandbox.close();
    },
  };
}

/**
 * A client of a demo business over a sandbox's `fetch`, signing as the sandbox's demo app (the app its
 * admin API mints tokens for) with the tokens given or those a store hands out.
 */
function demoAppClient(
  variant: 'de' | 'pt',
  fetch: (request: Request) => Promise<Response>,
  tokens: { readonly tokens: TokenSet } | { readonly store: TokenStore },
): BusinessConnection['client'] {
  return createClient({
    variant,
    baseUrl: SANDBOX_BASE_URL,
    userAgent: USER_AGENT,
    fetch,
    tokens: createTokenManager({
      baseUrl: SANDBOX_BASE_URL,
      clientId: SANDBOX_DEMO_APP.clientId,
      clientSecret: SANDBOX_DEMO_APP.clientSecret,
      signingSecret: SANDBOX_DEMO_APP.signingSecret,
      fetch,
      ...tokens,
    }),
  });
}

/** Mints tokens of a demo business through the sandbox's admin API, as any user of it would. */
async function mintTokens(
  sandbox: Sandbox,
  adminToken: string,
  business: 'de' | 'pt',
  scope: 'readonly' | 'full_access',
): Promise<MintedTokens> {
  const response = await sandbox.fetch(
    new Request(`${SANDBOX_BASE_URL}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ business, scope }),
    }),
  );
  if (response.status !== 201)
    throw new ConnectionError(
      'SANDBOX_FAILED',
      `The sandbox refused to mint tokens for '${business}' (HTTP ${response.status}); check its admin token.`,
    );
  return (await response.json()) as MintedTokens;
}
