/**
 * A connection removed while the proxy refreshes its tokens stays removed: the refresh's token request
 * is held at the service until the admin has deleted the connection, then let through.
 */
import { describe, expect, it } from 'vitest';
import { proxyFixture, sandboxAdmin, storedTokens, withKey } from './helpers/proxy-fixture.js';

/** A promise and its resolver. */
function signal(): { readonly promise: Promise<void>; readonly fire: () => void } {
  let fire = (): void => {};
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

describe('a refresh racing the removal of its connection', () => {
  it('the deleted connection does not come back: no tokens stored, the request answered 503 not_connected', async () => {
    const arrived = signal();
    const release = signal();
    let refreshes = 0;
    const f = await proxyFixture({
      async fetch(request) {
        if (new URL(request.url).pathname === '/oauth2/token') {
          refreshes++;
          arrived.fire();
          await release.promise;
        }
        return fetch(request);
      },
    });
    // Connected from a refresh token alone: the first request refreshes.
    const fresh = (await sandboxAdmin(f.sandbox, 'tokens', { business: 'de', scope: 'full_access' })) as {
      refresh_token: string;
    };
    expect(
      (await f.admin('POST', 'connections', { id: 'de', variant: 'de', refresh_token: fresh.refresh_token }))
        .status,
    ).toBe(201);

    const pending = f.app.request('/core/v2/me', { headers: withKey(f.keys.deRead) });
    await arrived.promise;
    expect((await f.admin('DELETE', 'connections/de')).status).toBe(204);
    release.fire();

    const answer = await pending;
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: string }).error).toBe('not_connected');
    expect(refreshes).toBe(1);
    expect(await storedTokens(f.storage, 'de')).toBeUndefined();
    expect(await f.storage.get('proxy:tokens:de')).toBeUndefined();
    const listed = (await (await f.admin('GET', 'connections')).json()) as { connections: { id: string }[] };
    expect(listed.connections.map((c) => c.id)).toEqual(['pt']);
    // The other connection is untouched.
    expect((await f.app.request('/core/v2/me', { headers: withKey(f.keys.ptRead) })).status).toBe(200);
  });
});
