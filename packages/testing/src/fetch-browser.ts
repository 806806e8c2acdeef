/**
 * A browser made of nothing but fetch, for pages driven in-process (`app.request`, `sandbox.fetch`)
 * where Chromium would need real ports: cookies kept by hand, a page's first form submitted with its
 * hidden fields (the CSRF token) and checked radios, and redirects returned rather than followed.
 * Runtime-neutral. For a real browser, see `@acctkit/testing/browser`.
 *
 * @example
 * ```ts
 * import { FetchBrowser, redirectLocation } from '@acctkit/testing';
 * declare const sandbox: { fetch(request: Request): Promise<Response> }, authUrl: string;
 * const browser = new FetchBrowser((request) => sandbox.fetch(request));
 * const page = await browser.open(authUrl);
 * const next = await browser.submit(authUrl, await page.text(), { email: 'anna@demo.acctkit.test', password: 'sandbox-de' });
 * redirectLocation(next, authUrl);
 * ```
 */
export class FetchBrowser {
  readonly #cookies = new Map<string, string>();
  readonly #fetch: (request: Request) => Promise<Response>;

  constructor(fetch: (request: Request) => Promise<Response>) {
    this.#fetch = fetch;
  }

  /** GETs `url`, or POSTs `form` to it, with the cookies set so far; keeps the cookies it sets. */
  async open(url: string, form?: URLSearchParams): Promise<Response> {
    const headers = new Headers();
    if (form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    if (this.#cookies.size) headers.set('Cookie', [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await this.#fetch(
      new Request(url, { method: form ? 'POST' : 'GET', headers, body: form ?? null, redirect: 'manual' }),
    );
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const i = pair.indexOf('=');
      if (i > 0) this.#cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    return response;
  }

  /** Submits the first form of `html` (shown at `pageUrl`) with its hidden fields and `fields` over them. */
  submit(pageUrl: string, html: string, fields: Record<string, string>): Promise<Response> {
    const form = /<form[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error(`no form on ${pageUrl}`);
    const body = new URLSearchParams();
    for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
      const attr = (name: string): string | undefined =>
        new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(input)?.[1]?.replaceAll('&amp;', '&');
      const type = attr('type') ?? 'text';
      const name = attr('name');
      if (name && (type === 'hidden' || (type === 'radio' && /\bchecked\b/i.test(input))))
        body.set(name, attr('value') ?? '');
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.open(new URL((form[1] ?? '').replaceAll('&amp;', '&'), pageUrl).toString(), body);
  }
}

/**
 * The absolute URL a redirect points to.
 *
 * @throws Error when `response` is not a redirect.
 */
export function redirectLocation(response: Response, from: string): string {
  const to = response.headers.get('Location');
  if (!to || response.status < 300 || response.status > 399)
    throw new Error(`expected a redirect from ${from}, got ${response.status}`);
  return new URL(to, from).toString();
}
