// What the remote server's request log writes, apart from the middleware that writes it: the
// configuration names the sink without reaching the bearer check.

/**
 * One record of the remote server's request log: no token, code, query, header or body, so nothing a
 * caller sent can reach it beyond the method and the route's pattern.
 */
export interface RequestLogRecord {
  readonly time: string;
  readonly level: 'info' | 'error';
  readonly msg: 'request';
  /** The caller's `X-Request-Id` when it is 1–128 plain characters, else a fresh UUID; also answered. */
  readonly request_id: string;
  readonly method: string;
  /** The route as registered (`/mcp`, `/.well-known/oauth-authorization-server`), `*` for none. */
  readonly route: string;
  readonly status: number;
  /** Milliseconds from the request's arrival to its answer's headers (a stream may go on after). */
  readonly ms: number;
  /** The OAuth client of the access token (`/mcp` requests whose token was accepted). */
  readonly client_id?: string;
  /** The business the grant serves, `de:1` (variant and id). */
  readonly business?: string;
}

/** Where the records go: one call per answered request. */
export type RequestLogSink = (record: RequestLogRecord) => void;
