import { describe, expect, it } from 'vitest';
import { AccountingError } from '../src/index.js';
import { listenForRedirect } from '../src/node/index.js';

describe('listenForRedirect', () => {
  it('listens on 127.0.0.1, answers the first /callback with the page and resolves with its URL', async () => {
    const redirect = await listenForRedirect({ title: 'acctkit', returnTo: 'the chat' });
    try {
      expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const other = await fetch(redirect.redirectUri.replace('/callback', '/other'));
      expect(other.status).toBe(404);
      const waiting = redirect.wait(() => ({ ok: false, message: '<b>denied</b>' }), 30_000);
      const page = await fetch(`${redirect.redirectUri}?error=access_denied&state=s`);
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(html).toContain('&#60;b&#62;denied&#60;/b&#62;');
      expect(html).toContain('return to the chat');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect((await waiting).searchParams.get('error')).toBe('access_denied');
    } finally {
      await redirect.close();
    }
    await expect(fetch(redirect.redirectUri)).rejects.toThrow();
  });

  it('fails with TIMEOUT after timeoutMs, and with the reason when the signal aborts', async () => {
    const redirect = await listenForRedirect();
    try {
      const timedOut = await redirect.wait(() => ({ ok: true, message: '' }), 50).catch((e: unknown) => e);
      expect(timedOut).toBeInstanceOf(AccountingError);
      expect((timedOut as AccountingError).code).toBe('TIMEOUT');
      const controller = new AbortController();
      const waiting = redirect.wait(() => ({ ok: true, message: '' }), 30_000, controller.signal);
      controller.abort(new Error('stopped'));
      await expect(waiting).rejects.toThrow('stopped');
      // After either, a redirect finds no one waiting.
      expect((await fetch(redirect.redirectUri)).status).toBe(404);
    } finally {
      await redirect.close();
    }
  });

  it('fails with NETWORK when the port is taken', async () => {
    const first = await listenForRedirect();
    try {
      const port = Number(new URL(first.redirectUri).port);
      const second = await listenForRedirect({ port }).catch((e: unknown) => e);
      expect((second as AccountingError).code).toBe('NETWORK');
    } finally {
      await first.close();
    }
  });
});
