import type { components } from '@acctkit/openapi/de';
import { encodeForm } from '@acctkit/signer';
import { AccountingError } from '../accounting-error.js';

/** The token endpoint's success body. */
export type TokenResponse = components['schemas']['TokenResponse'];
/** The token endpoint's error body (RFC 6749 §5.2). */
export type TokenErrorBody = components['schemas']['TokenError'];

/** What every call resolves to: the body on success, the typed error body otherwise. */
export type TokenResult =
  | { data: TokenResponse; error?: never; response: Response }
  | { data?: never; error: TokenErrorBody; response: Response };

/** The app registration and the host that issue tokens. */
export interface TokenEndpointOptions {
  /** The API host, for example `https://api.accounting.example` (tokens come from `{baseUrl}/oauth2/token`). */
  readonly baseUrl: string;
  /** The registered `client_id`. */
  readonly clientId: string;
  /** The registered `client_secret`. */
  readonly clientSecret: string;
  /** The fetch to send with (default: the global `fetch`). */
  readonly fetch?: ((request: Request) => Promise<Response>) | undefined;
}

/** POSTs an unsigned form to `{baseUrl}/oauth2/token` and reads the JSON answer. */
export async function requestToken(
  options: TokenEndpointOptions,
  grant: Record<string, string>,
): Promise<TokenResult> {
  const body = encodeForm({ client_id: options.clientId, client_secret: options.clientSecret, ...grant });
  const request = new Request(`${options.baseUrl.replace(/\/+$/, '')}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
  });
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(request);
  } catch (cause) {
    throw new AccountingError(
      'NETWORK',
      'Could not reach the token endpoint; check baseUrl and the network.',
      {
        cause,
      },
    );
  }
  // An empty or non-JSON body reads as no body.
  const parsed: unknown = await response.json().catch(() => undefined);
  if (response.ok && isTokenResponse(parsed)) return { data: parsed, response };
  const e = parsed as Partial<TokenErrorBody> | undefined;
  return {
    error: {
      error: (typeof e?.error === 'string' ? e.error : 'invalid_request') as TokenErrorBody['error'],
      error_description:
        typeof e?.error_description === 'string'
          ? e.error_description
          : `Token endpoint answered ${response.status}.`,
    },
    response,
  };
}

function isTokenResponse(value: unknown): value is TokenResponse {
  const v = value as Partial<TokenResponse> | undefined;
  return typeof v?.access_token === 'string' && typeof v.refresh_token === 'string';
}
