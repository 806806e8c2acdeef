/** Connect a business with OAuth: authorization URL, callback, code exchange, then a first signed call. */
import { authorizationUrl, createClient, createTokenManager, parseCallback } from '@acctkit/client';
import { type ExampleEnv, runIfMain } from './sandbox.js';

export async function main(env: ExampleEnv): Promise<{ variant: string; business: string }> {
  const redirectUri = 'http://localhost:3000/callback';
  // 1. Send the user's browser here; keep `state` in their session.
  const { url, state } = authorizationUrl({
    authUrl: env.baseUrl,
    clientId: env.clientId,
    redirectUri,
    scope: 'full_access',
  });
  // 2. The user signs in and approves on the service's pages; the service redirects the browser back
  //    to redirectUri. Read the callback.
  const callbackUrl = await env.approve(url, 'pt');
  const { code, country, variant } = parseCallback(callbackUrl, state);
  // 3. Exchange the code (within 60 seconds); the manager stores and refreshes the tokens, and keeps
  //    the business's country so that a client of the other variant refuses them.
  const tokens = createTokenManager({
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    signingSecret: env.signingSecret,
    fetch: env.fetch,
  });
  const { error } = await tokens.exchangeCode({ code, redirectUri, country });
  if (error) throw new Error(`could not connect: ${error.error}`);
  // 4. A client for the variant the callback reported.
  const api = createClient({
    variant,
    baseUrl: env.baseUrl,
    tokens,
    userAgent: 'acctkit-example/1.0',
    fetch: env.fetch,
  });
  // The variant is known only at runtime, so `api` is a union: narrow it to get each variant's types.
  const { data } =
    api.variant === 'de' ? await api.GET('/core/v2/business') : await api.GET('/core/v2/business');
  return { variant, business: data?.name ?? '' };
}

await runIfMain(import.meta.url, main);
