import { sign } from '@acctkit/signer';

/** A demo token of the sandbox's `POST /_sandbox/tokens`, with the business it is for. */
export interface DemoToken {
  readonly access_token: string;
  readonly signing_secret: string;
  readonly business_id: number;
}

/** A signed GET to the sandbox with the demo token, as any client would make it. */
async function signedGet(url: string, token: DemoToken): Promise<unknown> {
  const signed = await sign(
    { method: 'GET', url },
    { signingSecret: token.signing_secret, accessToken: token.access_token },
  );
  const response = await fetch(url, { headers: signed.headers });
  if (!response.ok)
    throw new Error(`the sandbox answered ${response.status} to GET ${new URL(url).pathname}`);
  return response.json();
}

/**
 * The banner's lines for the sandbox's bank statement export (`GET /_sandbox/statements`, admin API):
 * a ready URL for the demo business's first bank account, from the first of the sandbox's current
 * year to its today, in each format.
 *
 * @param base - The sandbox's base URL.
 * @param token - A demo token of the business (its id and credentials, to read its bank accounts).
 * @param adminToken - The admin token, to read the sandbox's clock.
 */
export async function statementExportLines(
  base: string,
  token: DemoToken,
  adminToken: string,
): Promise<string[]> {
  const accounts = (await signedGet(`${base}/accounts/v2/bank_accounts?$itemsPerPage=1`, token)) as {
    $resources?: { $key?: number }[];
  };
  const account = accounts.$resources?.[0]?.$key;
  if (account === undefined) return [];
  const clock = await fetch(`${base}/_sandbox/clock`, { headers: { Authorization: `Bearer ${adminToken}` } });
  if (!clock.ok) throw new Error(`the sandbox answered ${clock.status} to GET /_sandbox/clock`);
  const today = ((await clock.json()) as { now: string }).now.slice(0, 10);
  const query = `business=${token.business_id}&bank_account=${account}&from=${today.slice(0, 4)}-01-01&to=${today}`;
  return [
    `Bank statement export (admin API; business ${token.business_id}'s first bank account, this year; format camt053, mt940 or csv):`,
    `  GET ${base}/_sandbox/statements?${query}&format=camt053`,
  ];
}
