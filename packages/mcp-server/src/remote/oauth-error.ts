import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An RFC 6749 §5.2 / RFC 7591 §3.2.2 error answered as JSON by the app's `onError`. */
export class OAuthHttpError extends HTTPException {
  readonly error: string;
  readonly description: string;
  readonly headers: Record<string, string>;
  constructor(
    status: ContentfulStatusCode,
    error: string,
    description: string,
    headers: Record<string, string> = {},
  ) {
    super(status, { message: description });
    this.error = error;
    this.description = description;
    this.headers = headers;
  }

  override getResponse(): Response {
    return new Response(JSON.stringify({ error: this.error, error_description: this.description }), {
      status: this.status,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...this.headers,
      },
    });
  }
}
