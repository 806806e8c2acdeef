/** The codes of {@link ConnectionError}. */
export type ConnectionErrorCode =
  /** No connection to serve: nothing in the store, no environment variables, no `--sandbox`. */
  | 'NO_CONNECTIONS'
  /** Environment variables or stored connections are incomplete or contradictory. */
  | 'INVALID_CONFIG'
  /** The service refused a connection or could not be reached at start-up. */
  | 'CONNECTION_FAILED'
  /** The in-process sandbox could not be set up. */
  | 'SANDBOX_FAILED'
  /** A sign-in from the chat (`connect_business`) was denied, or its code or business could not be used. */
  | 'SIGN_IN'
  /** Command-line arguments the server does not understand. */
  | 'INVALID_ARGUMENT';

/** Why the server could not start: what went wrong and what to run. Messages never hold a secret. */
export class ConnectionError extends Error {
  /** A stable code to switch on. */
  readonly code: ConnectionErrorCode;

  constructor(code: ConnectionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConnectionError';
    this.code = code;
  }
}
