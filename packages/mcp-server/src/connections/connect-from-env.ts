import { createMemoryChangeJournal } from '@acctkit/change-journal';
import { createClient, createTokenManager, type TokenSet, variantFromCountry } from '@acctkit/client';
import type { BusinessConnection } from '../business-connection.js';
import { clientOnFirstUse } from './client-on-first-use.js';
import { ConnectionError } from './connection-error.js';
import { USER_AGENT } from './user-agent.js';

/** The environment variables of single-business mode, in the order the README lists them. */
export const ENV_VARIABLES = [
  'ACCTKIT_BASE_URL',
  'ACCTKIT_CLIENT_ID',
  'ACCTKIT_CLIENT_SECRET',
  'ACCTKIT_SIGNING_SECRET',
  'ACCTKIT_ACCESS_TOKEN',
  'ACCTKIT_REFRESH_TOKEN',
  'ACCTKIT_COUNTRY',
] as const;

/** An environment: variable names to values. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Whether the environment asks for single-business mode (an access or refresh token is set). */
export function hasEnvConnection(env: Env): boolean {
  return Boolean(env.ACCTKIT_ACCESS_TOKEN || env.ACCTKIT_REFRESH_TOKEN);
}

/**
 * Connects the single business the `ACCTKIT_*` environment variables describe. With a refresh token
 * (and the client id and secret) the token manager refreshes on expiry and on a 401; rotated tokens are
 * kept in memory only, since the environment cannot be written back (use the connection store for
 * connections that outlive the process). With only an access token, no refresh happens. Nothing is sent
 * to the service here: credentials are first used, and the business's id and name first read, by a tool.
 *
 * @param env - The environment (default `process.env`).
 * @param fetch - The fetch to send with (default the global one).
 * @returns The connection, named `default`.
 * @throws ConnectionError `INVALID_CONFIG` naming the missing variables (never their values).
 */
export async function connectFromEnv(
  env: Env = process.env,
  fetch?: (request: Request) => Promise<Response>,
): Promise<BusinessConnection> {
  const get = (name: (typeof ENV_VARIABLES)[number]): string | undefined => env[name]?.trim() || undefined;
  const baseUrl = get('ACCTKIT_BASE_URL');
  const signingSecret = get('ACCTKIT_SIGNING_SECRET');
  const accessToken = get('ACCTKIT_ACCESS_TOKEN');
  const refreshToken = get('ACCTKIT_REFRESH_TOKEN');
  const clientId = get('ACCTKIT_CLIENT_ID');
  const clientSecret = get('ACCTKIT_CLIENT_SECRET');
  const country = get('ACCTKIT_COUNTRY');
  const missing: string[] = [];
  if (!baseUrl) missing.push('ACCTKIT_BASE_URL');
  if (!signingSecret) missing.push('ACCTKIT_SIGNING_SECRET');
  if (!country) missing.push('ACCTKIT_COUNTRY');
  if (refreshToken && !clientId) missing.push('ACCTKIT_CLIENT_ID');
  if (refreshToken && !clientSecret) missing.push('ACCTKIT_CLIENT_SECRET');
  if (!baseUrl || !signingSecret || !country || missing.length > 0)
    throw new ConnectionError(
      'INVALID_CONFIG',
      `Single-business mode needs ${missing.join(', ')} (set with ACCTKIT_ACCESS_TOKEN or ACCTKIT_REFRESH_TOKEN).`,
    );
  let variant: 'de' | 'pt';
  try {
    variant = variantFromCountry(country);
  } catch (cause) {
    throw new ConnectionError('INVALID_CONFIG', "ACCTKIT_COUNTRY must be 'de' or 'pt'.", { cause });
  }
  // The client's own rule, checked here where the variable can be named: the client is created on first use.
  if (!/^https?:\/\//i.test(baseUrl))
    throw new ConnectionError('INVALID_CONFIG', 'ACCTKIT_BASE_URL must be an absolute http(s) URL.');
  const auth =
    refreshToken && clientId && clientSecret
      ? {
          tokens: createTokenManager({
            baseUrl,
            clientId,
            clientSecret,
            signingSecret,
            // Without an access token (or its expiry) the first call refreshes; a stale one is refreshed on its 401.
            tokens: {
              accessToken: accessToken ?? '',
              refreshToken,
              expiresAt: accessToken ? Number.MAX_SAFE_INTEGER : 0,
            } satisfies TokenSet,
            fetch,
          }),
        }
      : { credentials: { accessToken: accessToken ?? '', signingSecret } };
  // No request here: the business's id and name are read on first use, so the first reply needs no network.
  return clientOnFirstUse(
    {
      name: 'default',
      variant,
      scope: 'full_access',
      reconnectHint: 'set fresh ACCTKIT_ACCESS_TOKEN / ACCTKIT_REFRESH_TOKEN values, or run: acctkit login',
      // The environment cannot be written back: the journal of this mode lasts as long as the process.
      journal: createMemoryChangeJournal(),
    },
    () => createClient({ variant, baseUrl, userAgent: USER_AGENT, fetch, ...auth }),
  );
}
