// Form bodies are limited while they stream: a 64 MiB chunked upload, on a real port, is refused at
// the 64 KiB limit (DECISIONS B1) before it ends, and the server never holds more than the limit.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { ADMIN } from './helpers.js';

const UPLOAD_BYTES = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface Upload {
  readonly status: number;
  readonly body: string;
  /** Bytes handed to the socket before the answer came. */
  readonly sent: number;
  /** Growth of this process's resident set during the upload (the sandbox runs in it). */
  readonly rssGrowth: number;
}

/**
 * Streams `contact[notes]=aaa…` with `Transfer-Encoding: chunked` (no `Content-Length`), one 64 KiB
 * chunk at a time and only when the socket drains, until the answer arrives or 64 MiB are sent.
 */
function streamForm(url: string, headers: Record<string, string> = {}): Promise<Upload> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      res.on('data', (d: Buffer) => {
        body += d.toString();
      });
      res.on('end', () => {
        peak = Math.max(peak, process.memoryUsage().rss);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent: sentBeforeAnswer, rssGrowth: peak - baseline });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = (): void => {
      while (!answered && sent < UPLOAD_BYTES) {
        const chunk = sent === 0 ? Buffer.concat([Buffer.from('contact[notes]='), CHUNK]) : CHUNK;
        sent += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

let server: RunningServer;
let accessToken: string;

beforeAll(async () => {
  server = await startServer({ port: 0, database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0 });
  const minted = await fetch(`${server.url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business: 'de', scope: 'full_access' }),
  });
  accessToken = ((await minted.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await server?.close();
});

describe('form bodies are limited while they stream', () => {
  it('createContact: a 64 MiB chunked body is refused at 64 KiB with 400 invalid_request, before it ends, memory flat', async () => {
    const upload = await streamForm(`${server.url}/accounts/v2/contacts`, {
      Authorization: `Bearer ${accessToken}`,
      'X-Nonce': 'streamed-body-limit',
      'X-Signature': 'not-checked-before-the-body',
    });
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.body)).toMatchObject({ error: 'invalid_request' });
    expect(upload.body).toContain('65536 bytes');
    expect(upload.sent).toBeLessThan(UPLOAD_BYTES);
    expect(upload.rssGrowth).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);

  it('requestToken: a 64 MiB chunked body is refused at 64 KiB with a TokenError, before it ends, memory flat', async () => {
    const upload = await streamForm(`${server.url}/oauth2/token`);
    expect(upload.status).toBe(400);
    expect(JSON.parse(upload.body)).toMatchObject({ error: 'invalid_request' });
    expect(upload.body).toContain('65536 bytes');
    expect(upload.sent).toBeLessThan(UPLOAD_BYTES);
    expect(upload.rssGrowth).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);

  it('createContact: the token is still judged before the body (401 for a dead token, whatever the body)', async () => {
    const upload = await streamForm(`${server.url}/accounts/v2/contacts`, {
      Authorization: 'Bearer not-a-live-token',
      'X-Nonce': 'streamed-body-limit-2',
      'X-Signature': 'x',
    });
    expect(upload.status).toBe(401);
    expect(upload.sent).toBeLessThan(UPLOAD_BYTES);
  }, 60_000);
});

describe('admin bodies are limited while they stream', () => {
  it('POST /_sandbox/tokens: a 64 MiB chunked body is refused at 10000 bytes with 413, before it ends, memory flat', async () => {
    const upload = await streamForm(`${server.url}/_sandbox/tokens`, { Authorization: `Bearer ${ADMIN}` });
    expect(upload.status).toBe(413);
    expect(JSON.parse(upload.body)).toMatchObject({ code: 'ADMIN_BODY_TOO_LARGE' });
    expect(upload.sent).toBeLessThan(UPLOAD_BYTES);
    expect(upload.rssGrowth).toBeLessThan(32 * 1024 * 1024);
  }, 60_000);
});
