/**
 * Connections to the demo businesses of the sandbox the run was given (`matrixSandbox()`), over the
 * network with the runtime's own `fetch`: runtime-neutral, for the suites the matrix runs everywhere.
 */
import { createClient, createTokenManager, toTokenSet } from '@acctkit/client';
import { type MatrixSandbox, matrixSandbox } from '@acctkit/testing';
import type { BusinessConnection } from '../../src/index.js';

/** What `POST /_sandbox/tokens` answers: a demo business's tokens and its app's credentials. */
export interface Minted {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly scope: string;
  readonly token_type: string;
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly business_id: number;
}

/** Calls the sandbox's admin API and returns its JSON answer, or fails with its status. */
export async function sandboxAdmin(sandbox: MatrixSandbox, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A connection to a demo business of the run's sandbox, through a token manager. */
export async function matrixConnection(
  variant: 'de' | 'pt',
  scope: 'readonly' | 'full_access' = 'full_access',
): Promise<BusinessConnection> {
  const sandbox = matrixSandbox();
  const minted = (await sandboxAdmin(sandbox, 'tokens', { business: variant, scope })) as Minted;
  const tokens = createTokenManager({
    baseUrl: sandbox.url,
    clientId: minted.client_id,
    clientSecret: minted.client_secret,
    signingSecret: minted.signing_secret,
    tokens: toTokenSet(minted as unknown as Parameters<typeof toTokenSet>[0], Date.now()),
  });
  return {
    name: variant,
    variant,
    businessId: minted.business_id,
    businessName: variant === 'de' ? 'Schneider Werbetechnik GmbH' : 'Ferreira & Costa Design, Lda.',
    scope,
    client: createClient({
      variant,
      baseUrl: sandbox.url,
      tokens,
      userAgent: 'acctkit-mcp-test',
      retry: false,
    }),
    reconnectHint: `run: acctkit login --name ${variant}`,
  };
}
