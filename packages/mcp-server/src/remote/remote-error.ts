/** Stable codes of {@link RemoteError}. */
export type RemoteErrorCode = 'CONFIG' | 'UPSTREAM' | 'REAUTHORIZE';

/** Errors of the remote server: misconfiguration, storage and upstream failures. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly code: RemoteErrorCode;
  constructor(code: RemoteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
