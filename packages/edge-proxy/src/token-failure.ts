import { AccountingError, OAuthError } from '@acctkit/client';
import { isVaultError } from '@acctkit/token-vault';
import { ProxyError } from './proxy-error.js';

/** The `ProxyError` a failed token read or refresh becomes; never carries a token in its message. */
export function tokenFailure(cause: unknown): ProxyError {
  if (cause instanceof ProxyError) return cause;
  if (isVaultError(cause) && cause.code === 'NOT_FOUND')
    return new ProxyError('not_connected', 'This connection has no tokens; connect it again.', { cause });
  if (cause instanceof OAuthError)
    return new ProxyError(
      'token_refresh_failed',
      'The service refused to refresh this connection; connect it again.',
      {
        cause,
      },
    );
  if (cause instanceof AccountingError && cause.code === 'NO_TOKENS')
    return new ProxyError('not_connected', 'This connection has no tokens; connect it again.', { cause });
  if (cause instanceof AccountingError && cause.code === 'NETWORK')
    return new ProxyError('upstream_unreachable', 'The token endpoint could not be reached.', { cause });
  return new ProxyError(
    'token_refresh_failed',
    'The tokens of this connection could not be read or refreshed.',
    {
      cause,
    },
  );
}
