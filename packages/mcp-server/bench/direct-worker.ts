// The floor of bench/remote-workerd.bench.ts: a Worker that makes the direct call, the page of one
// contact read with @acctkit/client from the service at ACCTKIT_BASE_URL, and answers a small JSON.
// Each simulated user sends its own service token (Authorization: Bearer, and its signing secret in
// X-Signing-Secret); the isolate keeps one client per token, as the bench's Node direct path keeps one
// per user. Bundled with wrangler (bench/workerd-bundle.ts) and run under workerd by Miniflare.
import { type AccountingClient, createClient } from '@acctkit/client';

interface DirectEnv {
  readonly ACCTKIT_BASE_URL: string;
}

const clients = new Map<string, AccountingClient<'de'>>();

function clientFor(env: DirectEnv, accessToken: string, signingSecret: string): AccountingClient<'de'> {
  let api = clients.get(accessToken);
  if (!api) {
    api = createClient({
      variant: 'de',
      baseUrl: env.ACCTKIT_BASE_URL,
      credentials: { accessToken, signingSecret },
      userAgent: 'acctkit-bench',
    });
    clients.set(accessToken, api);
  }
  return api;
}

export default {
  async fetch(request: Request, env: DirectEnv): Promise<Response> {
    const accessToken = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    const signingSecret = request.headers.get('x-signing-secret');
    if (!accessToken || !signingSecret)
      return Response.json({ error: 'Authorization and X-Signing-Secret are required.' }, { status: 401 });
    const { data, error, response } = await clientFor(env, accessToken, signingSecret).GET(
      '/accounts/v2/contacts',
      { params: { query: { $itemsPerPage: 1 } } },
    );
    if (error) return Response.json({ error }, { status: response.status });
    return Response.json({ items: data.$resources?.length ?? 0, total: data.$totalResults });
  },
};
