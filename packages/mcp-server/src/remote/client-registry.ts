import type { VaultStorage } from '@acctkit/token-vault';
import { OAuthClientMetadataSchema } from '@modelcontextprotocol/core';
import { isLoopbackHost } from '../http/loopback-host.js';
import { clientMetadataUrl } from './client-metadata-url.js';
import type { ClientRecord } from './grant-records.js';
import { OAuthHttpError } from './oauth-error.js';
import type { ResolvedConfig } from './remote-config.js';
import { randomToken } from './secrets.js';
import { getStored, putStored, STORED, updateStored } from './stored-keys.js';

const CIMD_CACHE_MS = 3_600_000;
// A document that could not be had is not asked for again for this long: a bad URL costs one fetch.
const CIMD_FAILURE_CACHE_MS = 600_000;
const CIMD_MAX_BYTES = 5_120;
const CIMD_TIMEOUT_MS = 5_000;
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);

/** Whether a redirect URI may be registered: https, http on loopback, or a private-use app scheme. */
function isAcceptableRedirectUri(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash) return false;
  if (url.protocol === 'https:') return true;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname);
  return !FORBIDDEN_SCHEMES.has(url.protocol);
}

/**
 * Whether `given` is one of the client's redirect URIs: exact string match, except that for http
 * loopback URIs any port matches (RFC 8252 §7.3, native apps pick a free port at run time).
 */
export function matchesRedirectUri(client: ClientRecord, given: string): boolean {
  if (client.redirectUris.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !isLoopbackHost(url.hostname)) return false;
  return client.redirectUris.some((registered) => {
    const r = new URL(registered);
    if (r.protocol !== 'http:' || !isLoopbackHost(r.hostname)) return false;
    r.port = url.port;
    return r.href === url.href;
  });
}

function validateMetadata(body: unknown): { clientName: string; clientUri?: string; redirectUris: string[] } {
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success)
    throw new OAuthHttpError(
      400,
      'invalid_client_metadata',
      'The client metadata is not valid RFC 7591 metadata.',
    );
  const m = parsed.data;
  if (m.redirect_uris.length === 0 || m.redirect_uris.length > 10)
    throw new OAuthHttpError(400, 'invalid_redirect_uri', 'Give one to ten redirect_uris.');
  for (const uri of m.redirect_uris)
    if (!isAcceptableRedirectUri(uri))
      throw new OAuthHttpError(
        400,
        'invalid_redirect_uri',
        'redirect_uris must be https, http on 127.0.0.1/localhost, or an app scheme, without a fragment.',
      );
  if (m.grant_types?.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    throw new OAuthHttpError(
      400,
      'invalid_client_metadata',
      'Only authorization_code and refresh_token grants.',
    );
  if (m.response_types?.some((r) => r !== 'code'))
    throw new OAuthHttpError(400, 'invalid_client_metadata', "Only response_type 'code'.");
  return {
    clientName: (m.client_name ?? '').slice(0, 100),
    ...(m.client_uri !== undefined && { clientUri: m.client_uri }),
    redirectUris: m.redirect_uris,
  };
}

/**
 * Registers a client by RFC 7591 Dynamic Client Registration: public client, PKCE, no secret. It is
 * kept `registrationTtlSeconds` unless {@link confirmClient} is called for it.
 */
export async function registerClient(
  config: ResolvedConfig,
  storage: VaultStorage,
  body: unknown,
): Promise<{ record: ClientRecord; response: Record<string, unknown> }> {
  const meta = validateMetadata(body);
  const now = config.now();
  const record: ClientRecord = {
    clientId: randomToken('mcpc_', 18),
    kind: 'dcr',
    clientName: meta.clientName,
    clientUri: meta.clientUri,
    redirectUris: meta.redirectUris,
    createdAt: now,
    expiresAt: now + config.registrationTtlSeconds * 1000,
  };
  await putStored(storage, STORED.client(record.clientId), record, record.expiresAt);
  return {
    record,
    response: {
      client_id: record.clientId,
      client_id_issued_at: Math.floor(record.createdAt / 1000),
      client_name: record.clientName || undefined,
      client_uri: record.clientUri,
      redirect_uris: record.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
  };
}

/**
 * Keeps a DCR client for good once it has completed an authorization (a code was exchanged): until
 * then it expires `registrationTtlSeconds` after registering. Other clients are left as they are.
 */
export async function confirmClient(storage: VaultStorage, clientId: string): Promise<void> {
  await updateStored(storage, STORED.client(clientId), (record) => {
    if (record?.kind !== 'dcr' || record.expiresAt === undefined) return { result: undefined };
    const { expiresAt: _, ...kept } = record;
    return { value: kept, expiresAt: null, result: undefined };
  });
}

/** The platform's fetch, without redirects and capped in time: what Workers use (they resolve names). */
function platformFetch(config: ResolvedConfig): (url: URL) => Promise<Response> {
  return (url) =>
    config.fetch(
      new Request(url, {
        headers: { Accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.timeout(CIMD_TIMEOUT_MS),
      }),
    );
}

/** Fetches and checks a Client ID Metadata Document; `undefined` for any failure. */
async function fetchMetadataDocument(
  config: ResolvedConfig,
  url: URL,
  clientId: string,
): Promise<ClientRecord | undefined> {
  let text: string | undefined;
  try {
    const response = await (config.fetchClientMetadata ?? platformFetch(config))(url);
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    text = await readLimited(response, CIMD_MAX_BYTES);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if ((doc as { client_id?: unknown } | null)?.client_id !== clientId) return undefined;
  let meta: ReturnType<typeof validateMetadata>;
  try {
    meta = validateMetadata(doc);
  } catch {
    return undefined;
  }
  return {
    clientId,
    kind: 'cimd',
    clientName: meta.clientName,
    clientUri: meta.clientUri,
    redirectUris: meta.redirectUris,
    createdAt: config.now(),
  };
}

/**
 * Finds a client: a registered one, or (for a URL client id) its Client ID Metadata Document, fetched
 * when its URL passes the checks by name (then, on Node, by resolved address), without following
 * redirects, at most 5 KiB, whose `client_id` must equal its URL. A document is cached an hour; a
 * failure (refused, unreachable, slow, not 200, too large, not JSON, not valid) ten minutes.
 *
 * @param beforeFetch - Runs before a document is fetched (not for a cached answer): a rate limit.
 * @returns The client, or `undefined` for an unknown id.
 */
export async function findClient(
  config: ResolvedConfig,
  storage: VaultStorage,
  clientId: string,
  beforeFetch?: () => Promise<void>,
): Promise<ClientRecord | undefined> {
  if (!clientId || clientId.length > 2_000) return undefined;
  const stored = await getStored(storage, STORED.client(clientId));
  if (stored) return stored;
  const url = clientMetadataUrl(clientId, config.allowLoopbackClientMetadata === true);
  if (!url) return undefined;
  if (await getStored(storage, STORED.clientMetadataFailed(clientId))) return undefined;
  await beforeFetch?.();
  const record = await fetchMetadataDocument(config, url, clientId);
  if (!record) {
    await putStored(
      storage,
      STORED.clientMetadataFailed(clientId),
      true,
      config.now() + CIMD_FAILURE_CACHE_MS,
    );
    return undefined;
  }
  await putStored(storage, STORED.client(clientId), record, config.now() + CIMD_CACHE_MS);
  return record;
}

async function readLimited(response: Response, max: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
