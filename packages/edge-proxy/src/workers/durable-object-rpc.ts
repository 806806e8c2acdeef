import { ProxyError, type ProxyErrorCode } from '../proxy-error.js';
import type { DurableObjectNamespaceLike } from './durable-object-types.js';

/** Calls `op` on the Durable Object named `name` with a JSON argument; resolves to its JSON answer. */
export async function callObject<T>(
  namespace: DurableObjectNamespaceLike,
  name: string,
  op: string,
  arg?: unknown,
): Promise<T> {
  const stub = namespace.get(namespace.idFromName(name) as never);
  const response = await stub.fetch(
    new Request(`https://proxy-object/${op}`, { method: 'POST', body: JSON.stringify(arg ?? null) }),
  );
  const body = (await response.json()) as {
    ok: boolean;
    value?: T;
    error?: { name: string; code?: string; message: string };
  };
  if (!body.ok) throw objectError(body.error);
  return body.value as T;
}

/** The error a Durable Object reported, rebuilt on the calling side with its name and code. */
function objectError(e: { name: string; code?: string; message: string } | undefined): Error {
  if (e?.name === 'ProxyError' && e.code) return new ProxyError(e.code as ProxyErrorCode, e.message);
  const error = new Error(e?.message ?? 'Durable Object call failed') as Error & { code?: string };
  error.name = e?.name ?? 'Error';
  if (e?.code) error.code = e.code;
  return error;
}

/** Answers one call inside a Durable Object: `ops[op](arg)` as `{ ok, value }` or `{ ok: false, error }`. */
export async function answerCall(
  request: Request,
  ops: Record<string, (arg: never) => Promise<unknown>>,
): Promise<Response> {
  const op = new URL(request.url).pathname.slice(1);
  const fn = Object.hasOwn(ops, op) ? ops[op] : undefined;
  if (!fn)
    return Response.json(
      { ok: false, error: { name: 'Error', message: `unknown op ${op}` } },
      { status: 404 },
    );
  try {
    const value = await fn((await request.json()) as never);
    return Response.json({ ok: true, value: value ?? null });
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string };
    return Response.json({
      ok: false,
      error: { name: e.name ?? 'Error', code: e.code, message: e.message ?? '' },
    });
  }
}
