/**
 * The parts of the Workers Durable Object API the proxy uses, declared structurally so that the
 * package needs no Workers type package and its runtime-neutral build stays free of it. The real
 * bindings (`DurableObjectNamespace`, `DurableObjectState`) satisfy these.
 */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: never): DurableObjectStubLike;
}

export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T>(options?: { readonly prefix?: string }): Promise<Map<string, T>>;
  deleteAll(): Promise<void>;
}

export interface DurableObjectStateLike {
  readonly storage: DurableObjectStorageLike;
}

/** The Worker's bindings and settings (`wrangler.toml` `[vars]`, secrets and Durable Objects). */
export interface ProxyWorkerEnv {
  /** Durable Object namespace of `ProxyConnection`: one object per connection. */
  readonly PROXY_CONNECTIONS: DurableObjectNamespaceLike;
  /** Durable Object namespace of `ProxyRegistry`: one object holding keys and the connection list. */
  readonly PROXY_REGISTRY: DurableObjectNamespaceLike;
  /** The service's origin, for example `https://api.accounting.example`. */
  readonly UPSTREAM_URL: string;
  /** Secrets (`wrangler secret put …`). */
  readonly CLIENT_ID: string;
  readonly CLIENT_SECRET: string;
  readonly SIGNING_SECRET: string;
  readonly ADMIN_TOKEN?: string;
  /** Comma-separated browser origins allowed by CORS. */
  readonly CORS_ORIGINS?: string;
  /** The Worker's public URL, to turn on `/connect`. */
  readonly PUBLIC_URL?: string;
  /** Requests per key and minute (default 600; `0` for no limit). */
  readonly RATE_LIMIT_PER_MINUTE?: string;
}
