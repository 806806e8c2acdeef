import { matrixSandbox } from '@acctkit/testing';

/** What the sandbox's admin API mints for a demo business: its tokens and the demo app's secrets. */
export interface Minted {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly signing_secret: string;
  readonly client_id: string;
  readonly client_secret: string;
}

/** Tokens for a demo business from the run's sandbox (`/_sandbox/tokens`). */
export async function mint(business: 'de' | 'pt'): Promise<Minted> {
  const sandbox = matrixSandbox();
  const r = await fetch(`${sandbox.url}/_sandbox/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ business, scope: 'full_access' }),
  });
  if (!r.ok) throw new Error(`minting answered ${r.status}`);
  return (await r.json()) as Minted;
}
