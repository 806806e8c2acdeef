import type { VaultStorage } from '@acctkit/token-vault';
import type { BusinessConnection } from './business-connection.js';
import type { BusinessConnector } from './business-connector.js';
import type { LogSink } from './logger.js';
import type { Toolset } from './toolset.js';

/** Options of `createServer`. */
export interface ServerOptions extends SignedIn {
  /** The businesses to serve (at least one, unless a `connector` can add them). */
  readonly connections: readonly BusinessConnection[];
  /**
   * Lists `connect_business`, which adds a business through the service's sign-in while the server
   * runs (the local server over stdio); with it, the server may start with no connection.
   */
  readonly connector?: BusinessConnector | undefined;
  /** Leave every write tool out (default false). Connections with scope `readonly` never get writes. */
  readonly readOnly?: boolean | undefined;
  /** Only tools of these toolsets (default: all). */
  readonly toolsets?: readonly Toolset[] | undefined;
  /** Only these tools, by name (default: all). */
  readonly tools?: readonly string[] | undefined;
  /** Server name in `initialize` (default `acctkit`). */
  readonly name?: string | undefined;
  /** Server version in `initialize` (default: this package's version). */
  readonly version?: string | undefined;
  /**
   * Receives every log line of the server, whatever the client's protocol version (stdio writes the
   * warnings and errors to stderr). Clients on 2025-11-25 and older also get them as
   * `notifications/message`, at the level they set.
   */
  readonly onLog?: LogSink | undefined;
  /**
   * Where changes wait for the user's Approve on an MCP Apps approval card (default: this process's
   * memory). A server that runs on several instances passes shared storage (the remote server does).
   */
  readonly approvals?: VaultStorage | undefined;
  /**
   * Whether the transport can carry a form to a 2025-11-25 client and its answer back (default true).
   * Where the answer may reach another instance than the one that asked (the remote server on
   * Workers), pass false: confirmations then ask for `confirm: true` and say that the form cannot be
   * shown over this connection.
   */
  readonly formsCarried?: boolean | undefined;
}

/** Who the server acts for, when a user signed in through OAuth (the remote server). */
export interface SignedIn {
  /**
   * The OAuth client id of the signed-in grant: change journal entries name it beside the MCP client,
   * and only it may answer that grant's approval cards.
   */
  readonly oauthClientId?: string | undefined;
  /** The email of the user who signed in for that grant: change journal entries name them too. */
  readonly user?: string | undefined;
}
