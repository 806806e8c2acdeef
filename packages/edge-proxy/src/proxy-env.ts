/** Hono environment of the proxy app: what one request's handlers share. */
export interface ProxyEnv {
  Variables: {
    /** Random id of this request, returned as `X-Request-Id` and logged. */
    requestId: string;
    /** The id (never the key) of the caller's key, once known. */
    keyId: string | undefined;
    /** The connection used, once known. */
    connection: string | undefined;
    /** The operationId forwarded, once known. */
    operation: string | undefined;
  };
}
