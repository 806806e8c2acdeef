/** Retries, timeouts and aborts against the sandbox's fault injection (listContacts, getBusiness, createContact, updateContact, deleteContact). */
import type { Sandbox } from '@acctkit/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AccountingClient, AccountingError, type ClientOptions } from '../src/index.js';
import { admin, clientFor, fault, type Minted, mint, startSandbox } from './helpers/sandbox.js';

let sandbox: Sandbox;
let minted: Minted;

beforeAll(async () => {
  sandbox = startSandbox();
  minted = await mint(sandbox, 'de');
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.fetch(
    new Request('https://api.sandbox.test/_sandbox/faults', {
      method: 'DELETE',
      headers: { Authorization: 'Bearer client-tests-admin' },
    }),
  );
});

/** A client that records every request it sends and every wait it is asked for. */
function observed(extra: Partial<ClientOptions<'de'>> = {}): {
  api: AccountingClient<'de'>;
  sent: Request[];
  waits: number[];
} {
  const sent: Request[] = [];
  const waits: number[] = [];
  const api = clientFor(sandbox, 'de', minted, {
    fetch: (request) => {
      sent.push(request.clone());
      return sandbox.fetch(request);
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { api, sent, waits };
}

describe('retries of 429 and 503', () => {
  it('listContacts: a 429 with Retry-After: 2 is retried after 2 s with a fresh nonce and succeeds', async () => {
    await fault(sandbox, { type: '429', count: 1, retry_after_seconds: 2 });
    const { api, sent, waits } = observed();
    const { data, response } = await api.GET('/accounts/v2/contacts');
    expect(response.status).toBe(200);
    expect(data?.$resources.length).toBeGreaterThan(0);
    expect(waits).toEqual([2000]);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.get('X-Nonce')).not.toBe(sent[1]?.headers.get('X-Nonce'));
    expect(sent[0]?.headers.get('X-Signature')).not.toBe(sent[1]?.headers.get('X-Signature'));
  });

  it('getBusiness: 503, 503, then success (three attempts)', async () => {
    await fault(sandbox, { type: '503', count: 2, retry_after_seconds: 1 });
    const { api, sent, waits } = observed();
    const { response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(200);
    expect(waits).toEqual([1000, 1000]);
    expect(sent).toHaveLength(3);
  });

  it('getBusiness: gives up after the configured attempts and returns the last 503 with its typed body', async () => {
    await fault(sandbox, { type: '503', count: 5, retry_after_seconds: 1 });
    const { api, sent } = observed({ retry: { attempts: 2 } });
    const { error, response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ $diagnoses: [{ $dataCode: 'ServiceUnavailable' }] });
    expect(sent).toHaveLength(2);
  });

  it('getBusiness: a Retry-After longer than maxDelayMs is not waited for', async () => {
    await fault(sandbox, { type: '429', count: 1, retry_after_seconds: 600 });
    const { api, sent, waits } = observed();
    const { response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('600');
    expect(waits).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('updateContact (PUT) is idempotent and retried; deleteContact (DELETE) too', async () => {
    const { api, sent } = observed();
    await fault(sandbox, { type: '503', count: 1, retry_after_seconds: 0 });
    const put = await api.PUT('/accounts/v2/contacts/{id}', {
      params: { path: { id: 2 } },
      body: { contact: { notes: 'retried' } },
    });
    expect(put.response.status).toBe(200);
    expect(put.data?.notes).toBe('retried');
    expect(await sent[1]?.text()).toBe('contact%5Bnotes%5D=retried');
    const created = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Tmp' } },
    });
    await fault(sandbox, { type: '429', count: 1, retry_after_seconds: 0 });
    const del = await api.DELETE('/accounts/v2/contacts/{id}', {
      params: { path: { id: created.data?.id ?? 0 } },
    });
    expect(del.response.status).toBe(200);
    expect(sent.map((r) => r.method)).toEqual(['PUT', 'PUT', 'POST', 'DELETE', 'DELETE']);
  });

  it('createContact (POST) is never retried: 503 and 429 come back as they are', async () => {
    await fault(sandbox, { type: '503', count: 1, retry_after_seconds: 0 });
    const { api, sent } = observed();
    const first = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Once' } },
    });
    expect(first.response.status).toBe(503);
    expect(sent).toHaveLength(1);
    await fault(sandbox, { type: '429', count: 1, retry_after_seconds: 0 });
    const second = await api.POST('/accounts/v2/contacts', {
      body: { contact: { contact_type_id: 1, name: 'Once' } },
    });
    expect(second.response.status).toBe(429);
    expect(sent).toHaveLength(2);
  });

  it('getBusiness: a 500 is not retried', async () => {
    await fault(sandbox, { type: '500', count: 1 });
    const { api, sent } = observed();
    const { response } = await api.GET('/core/v2/business');
    expect(response.status).toBe(500);
    expect(sent).toHaveLength(1);
  });

  it('getBusiness: retry: false turns retries off', async () => {
    await fault(sandbox, { type: '503', count: 1, retry_after_seconds: 0 });
    const { api, sent } = observed({ retry: false });
    expect((await api.GET('/core/v2/business')).response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it('getBusiness: waits with the real timer by default (Retry-After: 0)', async () => {
    await fault(sandbox, { type: '503', count: 1, retry_after_seconds: 0 });
    const api = clientFor(sandbox, 'de', minted);
    expect((await api.GET('/core/v2/business')).response.status).toBe(200);
  });
});

describe('timeouts and aborts', () => {
  it('getBusiness: a response slower than timeoutMs throws AccountingError TIMEOUT', async () => {
    await fault(sandbox, { type: 'latency', count: 1, latency_ms: 400 });
    const { api } = observed({ timeoutMs: 50 });
    const err = await api.GET('/core/v2/business').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccountingError);
    expect((err as AccountingError).code).toBe('TIMEOUT');
  });

  it('getBusiness: the caller’s AbortSignal aborts the request with its own reason', async () => {
    await fault(sandbox, { type: 'latency', count: 1, latency_ms: 400 });
    const { api } = observed();
    const controller = new AbortController();
    const pending = api.GET('/core/v2/business', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 20);
    await expect(pending).rejects.toThrow('user left');
  });

  it('getBusiness: an abort during a retry wait stops the retries', async () => {
    await fault(sandbox, { type: '503', count: 1, retry_after_seconds: 5 });
    const controller = new AbortController();
    let sent = 0;
    const api = clientFor(sandbox, 'de', minted, {
      fetch: async (request) => {
        sent++;
        const response = await sandbox.fetch(request);
        // Abort once the client is waiting out the 503's Retry-After (5 s), whatever the machine's load.
        if (response.status === 503) setTimeout(() => controller.abort(new Error('no more waiting')), 20);
        return response;
      },
    });
    const started = Date.now();
    await expect(api.GET('/core/v2/business', { signal: controller.signal })).rejects.toThrow(
      'no more waiting',
    );
    expect(sent).toBe(1);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await admin(sandbox, 'faults')).toEqual({ faults: [] });
  });

  it('getBusiness: a fetch that fails throws AccountingError NETWORK', async () => {
    const api = clientFor(sandbox, 'de', minted, {
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(api.GET('/core/v2/business')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
