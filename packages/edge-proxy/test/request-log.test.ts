/**
 * What operators see, in every runtime of the matrix: one JSON log line per request (id, route
 * pattern, status, duration, key id and connection), never a key, token, query, body or raw id; the
 * caller's X-Request-Id kept when it is plain; and `GET /healthz`, answered without a key, the
 * service or storage.
 */

import { createMemoryStorage, type VaultStorage } from '@acctkit/token-vault';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Fixture, proxyFixture, withKey } from './helpers/proxy-fixture.js';

// A made-up credential sent everywhere a caller might put one; no log line may ever hold it.
const FAKE = 'fake-secret-token-7f3a9c2e1d5b';
const FAKE_KEY = `akp_r_${'Q'.repeat(43)}`;
const RECORD_ID = '987654321';

let f: Fixture;
let storageCalls = 0;

beforeAll(async () => {
  const memory = createMemoryStorage();
  const storage: VaultStorage = {
    get: (key) => {
      storageCalls++;
      return memory.get(key);
    },
    set: (key, value, options) => {
      storageCalls++;
      return memory.set(key, value, options);
    },
    delete: (key) => {
      storageCalls++;
      return memory.delete(key);
    },
  };
  f = await proxyFixture({ storage });
});

/** The log lines written while `run` runs, parsed. */
async function linesOf(
  run: () => Promise<unknown>,
): Promise<{ raw: string[]; parsed: Record<string, unknown>[] }> {
  const from = f.logs.length;
  await run();
  const raw = f.logs.slice(from);
  return { raw, parsed: raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('GET /healthz', () => {
  it('answers {status, version} without a key, and touches neither the service nor storage', async () => {
    const sent = f.sent.length;
    const calls = storageCalls;
    const r = await f.app.request('/healthz');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await r.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/) });
    expect(f.sent.length).toBe(sent);
    expect(storageCalls).toBe(calls);
  });

  it('is GET only, and ignores any credential it is sent', async () => {
    const r = await f.app.request('/healthz', { headers: { Authorization: `Bearer ${FAKE}` } });
    expect(r.status).toBe(200);
    expect((await f.app.request('/healthz', { method: 'POST' })).status).toBe(404);
  });
});

describe('request log', () => {
  it('one JSON line per request: route pattern, status and duration, key id and connection, no secret, query, body or id', async () => {
    const requests: [string, RequestInit][] = [
      [
        `/accounts/v2/contacts?search=${FAKE}&access_token=${FAKE}&code=${FAKE}`,
        { headers: withKey(f.keys.deRead) },
      ],
      [`/accounts/v2/contacts/${RECORD_ID}`, { headers: withKey(f.keys.deRead) }],
      [
        '/accounts/v2/contacts',
        {
          method: 'POST',
          headers: withKey(f.keys.deWrite, { 'Content-Type': 'application/x-www-form-urlencoded' }),
          body: `contact[name]=${FAKE}&contact[contact_type_id]=2`,
        },
      ],
      ['/accounts/v2/contacts', { headers: { Authorization: `Bearer ${FAKE}` } }],
      ['/accounts/v2/contacts', { headers: { Authorization: `Bearer ${FAKE_KEY}` } }],
      [
        `/_proxy/keys/${RECORD_ID}`,
        { method: 'DELETE', headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
      ],
      ['/_proxy/connections', { headers: { Authorization: `Bearer ${FAKE}` } }],
      [`/oauth2/token?client_secret=${FAKE}`, { method: 'POST', body: `refresh_token=${FAKE}` }],
      ['/healthz', {}],
    ];
    const { raw, parsed } = await linesOf(async () => {
      for (const [path, init] of requests) await (await f.app.request(path, init)).arrayBuffer();
    });
    expect(parsed).toHaveLength(requests.length);
    for (const line of parsed) {
      expect(line).toMatchObject({
        time: expect.any(String),
        level: expect.stringMatching(/^(info|error)$/),
        msg: 'request',
        request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        method: expect.stringMatching(/^(GET|POST|DELETE)$/),
        route: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(line.ms).toBeGreaterThanOrEqual(0);
      expect(line).not.toHaveProperty('path');
    }
    expect(parsed.map((l) => [l.route, l.status])).toEqual([
      ['/accounts/v2/contacts', 200],
      ['/accounts/v2/contacts/{id}', 404],
      ['/accounts/v2/contacts', 201],
      ['/accounts/v2/contacts', 401],
      ['/accounts/v2/contacts', 401],
      ['/_proxy/keys/{id}', 404],
      ['/_proxy/*', 401],
      ['*', 404],
      ['/healthz', 200],
    ]);
    expect(parsed[0]).toMatchObject({ key_id: f.keyIds.deRead, connection: 'de', operation: 'listContacts' });
    expect(parsed[2]).toMatchObject({
      key_id: f.keyIds.deWrite,
      connection: 'de',
      operation: 'createContact',
    });
    const all = raw.join('\n');
    for (const secret of [
      FAKE,
      FAKE_KEY,
      RECORD_ID,
      ...Object.values(f.keys),
      f.minted.de.access_token,
      f.minted.de.refresh_token,
      f.minted.de.client_secret,
      f.minted.de.signing_secret,
      ADMIN_TOKEN,
    ])
      expect(all).not.toContain(secret);
  });

  it('keeps a plain X-Request-Id of the caller, answers and logs it; replaces anything else', async () => {
    const cases: [string, boolean][] = [
      ['trace-4bf92f3577b34da6_a3ce929d0e0e4736', true],
      ['a'.repeat(128), true],
      ['a'.repeat(129), false],
      ['has spaces in it', false],
      ['semi;colon', false],
      ['{"injected":true}', false],
    ];
    for (const [given, kept] of cases) {
      const { parsed } = await linesOf(async () => {
        const r = await f.app.request('/healthz', { headers: { 'X-Request-Id': given } });
        const answered = r.headers.get('x-request-id');
        if (kept) expect(answered).toBe(given);
        else expect(answered).toMatch(/^[0-9a-f-]{36}$/);
      });
      expect(parsed).toHaveLength(1);
      if (kept) expect(parsed[0]?.request_id).toBe(given);
      else expect(parsed[0]?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
