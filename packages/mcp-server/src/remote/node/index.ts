// Everything exported from this file is public API of `@acctkit/mcp-server/remote/node` (Node only):
// the remote server on a Node socket with SQLite storage, and the Node parts a custom host plugs into
// `createRemoteApp` (the socket's client address, the address-pinned metadata fetch).

// Parts of a Node host
export { connectionAddress } from './connection-address.js';
export {
  MetadataFetchError,
  type PinnedMetadataFetchOptions,
  pinnedMetadataFetch,
  type ResolvedAddress,
} from './pinned-metadata-fetch.js';
// The server on Node
export {
  type RemoteServerOptions,
  type RunningRemoteServer,
  type ServeFlags,
  startRemoteServer,
  startRemoteServerFromEnv,
} from './start-remote-server.js';
