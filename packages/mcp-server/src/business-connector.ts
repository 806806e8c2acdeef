import type { BusinessConnection } from './business-connection.js';

/** What {@link BusinessConnector.begin} is asked for. */
export interface SignInRequest {
  readonly scope: 'readonly' | 'full_access';
  /** The name to store the connection under (default `<country>-<business id>`, as `acctkit login`). */
  readonly name?: string | undefined;
  /** How long to wait for the browser. */
  readonly timeoutMs: number;
  /** Ends the wait (the listener closes, nothing is stored). */
  readonly signal?: AbortSignal | undefined;
}

/** A sign-in under way: the page to open, and the connection it ends with. */
export interface PendingSignIn {
  /** The service's sign-in page. */
  readonly url: string;
  /**
   * The stored connection, once the browser came back with a code and it was exchanged; rejects with
   * an `AccountingError` `TIMEOUT`, the signal's reason, or a `ConnectionError` `SIGN_IN` (denied, wrong
   * state, refused code). The listener is closed either way.
   */
  readonly connected: Promise<BusinessConnection>;
}

/** Connects a business through the service's OAuth sign-in, as `acctkit login` does, for a running server. */
export interface BusinessConnector {
  begin(request: SignInRequest): Promise<PendingSignIn>;
}
