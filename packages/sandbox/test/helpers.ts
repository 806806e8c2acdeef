import { sign } from '@acctkit/signer';
import { createSandbox, type Sandbox, type SandboxOptions } from '../src/index.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies in tests are checked by assertions and the spec validator.
export type Json = any;

export const BASE = 'http://sandbox.test';
export const ADMIN = 'test-admin-token';

export interface Credentials {
  accessToken: string;
  refreshToken: string;
  signingSecret: string;
  clientId: string;
  clientSecret: string;
  country: 'de' | 'pt';
  businessId: number;
}

/** A sandbox on an in-memory database with the admin API on and no rate limit. */
export function testSandbox(options: SandboxOptions = {}): Sandbox {
  return createSandbox({ database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0, ...options });
}

/** Mints a token through the admin API. */
export async function mintToken(
  sb: Sandbox,
  business: 'de' | 'pt' | number,
  scope = 'full_access',
): Promise<Credentials> {
  const res = await sb.fetch(
    new Request(`${BASE}/_sandbox/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ business, scope }),
    }),
  );
  if (res.status !== 201) throw new Error(`mint failed: ${res.status} ${await res.text()}`);
  const j = (await res.json()) as Record<string, unknown>;
  return {
    accessToken: j.access_token as string,
    refreshToken: j.refresh_token as string,
    signingSecret: j.signing_secret as string,
    clientId: j.client_id as string,
    clientSecret: j.client_secret as string,
    country: j.country as 'de' | 'pt',
    businessId: j.business_id as number,
  };
}

export interface CallOptions {
  body?: string | Record<string, string> | undefined;
  signingSecret?: string;
  accessToken?: string;
  headers?: Record<string, string>;
  nonce?: string;
}

/** A signed data call. `body` as an object is sent as a form with the keys as given. */
export async function call(
  sb: Sandbox,
  creds: Pick<Credentials, 'accessToken' | 'signingSecret'>,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Response> {
  const url = `${BASE}${path}`;
  const body =
    opts.body === undefined
      ? undefined
      : typeof opts.body === 'string'
        ? opts.body
        : new URLSearchParams(opts.body).toString();
  const s = await sign(
    { method, url, ...(body === undefined ? {} : { body }), ...(opts.nonce ? { nonce: opts.nonce } : {}) },
    {
      signingSecret: opts.signingSecret ?? creds.signingSecret,
      accessToken: opts.accessToken ?? creds.accessToken,
    },
  );
  return sb.fetch(
    new Request(url, {
      method,
      headers: {
        ...s.headers,
        ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
        ...opts.headers,
      },
      ...(body === undefined ? {} : { body }),
    }),
  );
}

/** `call` and parse JSON. */
export async function callJson(
  sb: Sandbox,
  creds: Pick<Credentials, 'accessToken' | 'signingSecret'>,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await call(sb, creds, method, path, opts);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
