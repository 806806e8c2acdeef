/** Hono environment of the proxy app: what one request's handlers share. */
export interface ProxyEnv {
  Variables: {
    /** This request's id: the caller's `X-Request-Id` when it is plain and short, else random; returned and logged. */
    requestId: string;
    /** The spec's path template of the data operation, once matched (logs name it, never the path). */
    route: string | undefined;
    /** The id (never the key) of the caller's key, once known. */
    keyId: string | undefined;
    /** The connection used, once known. */
    connection: string | undefined;
    /** The operationId forwarded, once known. */
    operation: string | undefined;
  };
}
