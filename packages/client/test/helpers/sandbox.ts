import { createSandbox, type Sandbox, type SandboxOptions } from '@acctkit/sandbox';
import { type AccountingClient, type ClientSettings, createClient, type Variant } from '../../src/index.js';

/** The host the in-process sandbox is addressed as (it answers any host). */
export const BASE_URL = 'https://api.sandbox.test';
export const ADMIN_TOKEN = 'client-tests-admin';

/** What `POST /_sandbox/tokens` answers. */
export interface Minted {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly scope: 'readonly' | 'full_access';
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly country: string;
}

/** A fresh in-memory sandbox with the admin API on and the rate limit off (tests inject 429s). */
export function startSandbox(options: SandboxOptions = {}): Sandbox {
  return createSandbox({ database: ':memory:', adminToken: ADMIN_TOKEN, rateLimitPerMinute: 0, ...options });
}

/** Calls the sandbox's admin API and returns the parsed JSON. */
export async function admin(sandbox: Sandbox, path: string, body?: unknown): Promise<unknown> {
  const response = await sandbox.fetch(
    new Request(`${BASE_URL}/_sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  if (!response.ok) throw new Error(`admin ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Mints tokens for the demo business of a variant. */
export function mint(
  sandbox: Sandbox,
  business: Variant,
  scope: 'readonly' | 'full_access' = 'full_access',
): Promise<Minted> {
  return admin(sandbox, 'tokens', { business, scope }) as Promise<Minted>;
}

/** Injects a fault into the next data requests. */
export function fault(
  sandbox: Sandbox,
  spec: {
    type: '429' | '500' | '503' | 'latency';
    count?: number;
    retry_after_seconds?: number;
    latency_ms?: number;
  },
): Promise<unknown> {
  return admin(sandbox, 'faults', spec);
}

/** Moves the sandbox clock forward. */
export function advanceClock(sandbox: Sandbox, seconds: number): Promise<unknown> {
  return admin(sandbox, 'clock', { advance_seconds: seconds });
}

/** A client of the sandbox with fixed credentials from `minted`, sending in-process. */
export function clientFor<V extends Variant>(
  sandbox: Sandbox,
  variant: V,
  minted: Minted,
  extra: Partial<ClientSettings<V>> = {},
): AccountingClient<V> {
  return createClient<V>({
    variant,
    baseUrl: BASE_URL,
    credentials: { accessToken: minted.access_token, signingSecret: minted.signing_secret },
    userAgent: 'acctkit-client-tests/1.0',
    fetch: (request) => sandbox.fetch(request),
    ...extra,
  });
}
