/**
 * Plays a user's browser on the service's authorization pages, with nothing but fetch: keeps cookies
 * by hand (the session and CSRF cookies), reads a page's form from its HTML and submits it with its
 * hidden fields (the CSRF token among them), and never follows redirects, so the caller sees each one.
 */
export class Browser {
  readonly #cookies = new Map<string, string>();
  readonly #fetch: (request: Request) => Promise<Response>;

  constructor(fetch: (request: Request) => Promise<Response>) {
    this.#fetch = fetch;
  }

  /** GETs `url` (or POSTs a form body), sending and storing cookies; redirects are returned, not followed. */
  async open(url: string, form?: URLSearchParams): Promise<Response> {
    const headers = new Headers();
    if (form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    if (this.#cookies.size)
      headers.set('Cookie', [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '));
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

  /** Submits the first form of `html` (found at `pageUrl`): its hidden fields, its checked radio, plus `fields`. */
  submit(pageUrl: string, html: string, fields: Record<string, string>): Promise<Response> {
    const form = /<form[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) throw new Error(`no form on ${pageUrl}`);
    const body = new URLSearchParams();
    for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
      const attr = (name: string): string | undefined => {
        const m = new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(input);
        return m ? unescapeHtml(m[1] ?? '') : undefined;
      };
      const type = attr('type') ?? 'text';
      const name = attr('name');
      if (name && (type === 'hidden' || (type === 'radio' && /\bchecked\b/i.test(input))))
        body.set(name, attr('value') ?? '');
    }
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.open(new URL(unescapeHtml(form[1] ?? ''), pageUrl).toString(), body);
  }
}

/** The absolute URL a redirect points to. */
export function location(response: Response, from: string): string {
  const to = response.headers.get('Location');
  if (!to || response.status < 300 || response.status > 399)
    throw new Error(`expected a redirect from ${from}, got ${response.status}`);
  return new URL(to, from).toString();
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references an attribute value may carry (`&amp;`, `&#38;`, `&#x26;`). */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ref: string, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(
          Number.parseInt(
            e.slice(e[1] === 'x' || e[1] === 'X' ? 2 : 1),
            e[1]?.toLowerCase() === 'x' ? 16 : 10,
          ),
        )
      : (named[e.toLowerCase()] ?? ref),
  );
}
