// What both proxy benches set up before measuring: one `de` connection with a long-lived access token
// and a write key for it, through the proxy's own admin routes.

/** The admin token the benches create their proxies with. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** Connects `de` through the admin API of `app` and returns a write key for it. */
export async function seedProxy(app: {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}): Promise<string> {
  const admin = { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
  await app.request('/_proxy/connections', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      id: 'de',
      variant: 'de',
      access_token: 'a'.repeat(40),
      refresh_token: 'r',
      expires_in: 86_400,
    }),
  });
  const { key } = (await (
    await app.request('/_proxy/keys', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ connection: 'de', scope: 'write' }),
    })
  ).json()) as { key: string };
  return key;
}
