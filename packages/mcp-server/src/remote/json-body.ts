/** A POST body read once: parsed when it is JSON, otherwise handed on as it came. */
export interface ReadBody {
  /** The request to hand on: the same one, or a copy carrying the body text when it was not JSON. */
  readonly request: Request;
  /** The parsed body; `undefined` when it is empty or not JSON (the SDK then answers the parse error). */
  readonly parsedBody: unknown;
}

/**
 * Reads an MCP request's body once, so that nothing downstream clones the request to read it again
 * (the era check, the session lookup and the transport each take the parsed body). A body that is
 * empty or not JSON is put back into a copy of the request, for the SDK to answer as it does. The size
 * limit is the body-limit middleware's, in front of this.
 */
export async function readJsonBody(request: Request): Promise<ReadBody> {
  const text = await request.text();
  if (text.length > 0)
    try {
      return { request, parsedBody: JSON.parse(text) as unknown };
    } catch {
      // Not JSON: the SDK reads it again from the copy below and answers with its own parse error.
    }
  return {
    request: new Request(request.url, { method: request.method, headers: request.headers, body: text }),
    parsedBody: undefined,
  };
}
