/** A response read as far as it could be held back, and whether that was to its end. */
export interface HeldResponse {
  readonly response: Response;
  /** Read to the end: the status may still be changed. Otherwise it streams on to the client. */
  readonly complete: boolean;
}

/**
 * Holds an SSE response back until it ends, so that the caller may still answer otherwise (401 for a
 * grant revoked during the request), unless the server sends the client a request first (a form,
 * `elicitation/create`): the client must see that at once, as the response waits for its answer, so
 * the response streams on from there. A response that is not SSE is complete as it is.
 *
 * A call the client cancels never ends its stream: when `signal` aborts (the client closed the
 * connection), the stream is cancelled, which lets the session's server go.
 *
 * @param response - The transport's response.
 * @param signal - The request's signal.
 * @returns The response to send, and whether it was read to its end.
 */
export async function holdUntilAsked(response: Response, signal?: AbortSignal): Promise<HeldResponse> {
  if (response.body === null || !response.headers.get('content-type')?.includes('text/event-stream'))
    return { response, complete: true };
  const reader = response.body.getReader();
  const cancel = (): void => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await hold(response, reader);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

async function hold(
  response: Response,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<HeldResponse> {
  const decoder = new TextDecoder();
  const held: Uint8Array[] = [];
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const body = new Uint8Array(held.reduce((size, chunk) => size + chunk.length, 0));
      let at = 0;
      for (const chunk of held) {
        body.set(chunk, at);
        at += chunk.length;
      }
      return {
        response: new Response(body.length > 0 ? body : null, {
          status: response.status,
          headers: response.headers,
        }),
        complete: true,
      };
    }
    held.push(value);
    text += decoder.decode(value, { stream: true });
    if (asksClient(text)) {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of held) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return {
        response: new Response(rest, { status: response.status, headers: response.headers }),
        complete: false,
      };
    }
  }
}

/** Whether a complete SSE event so far carries a JSON-RPC request (a message with `method` and `id`). */
function asksClient(text: string): boolean {
  const events = text.split('\n\n');
  events.pop();
  for (const event of events) {
    const data = /^data: (.+)$/m.exec(event)?.[1];
    if (data === undefined) continue;
    try {
      const message = JSON.parse(data) as { method?: unknown; id?: unknown };
      if (typeof message.method === 'string' && message.id !== undefined) return true;
    } catch {
      // Not JSON: not a message of ours to read.
    }
  }
  return false;
}
