// When an exchange of a 2025-era session ends: its answer's stream read to the end, or the client gone.

/**
 * The answer, or, once `signal` aborts (the client closed the connection, as it does when it cancels a
 * call), a 499 that nobody reads.
 */
export function untilGone(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.resolve(gone());
  return new Promise<Response>((resolve, reject) => {
    const onAbort = (): void => resolve(gone());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function gone(): Response {
  return new Response(null, { status: 499 });
}

/** The same stream, calling `done` once when it ends, fails or its reader cancels it. */
export function whenEnded(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let called = false;
  const once = (): void => {
    if (called) return;
    called = true;
    done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          once();
          controller.close();
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        once();
        controller.error(error);
      }
    },
    async cancel(reason) {
      once();
      await reader.cancel(reason);
    },
  });
}
