/** Request bodies: the client sends exactly the signer's `encodeForm` of the body, and refuses what has no form. */
import { encodeForm, verify } from '@acctkit/signer';
import { describe, expect, it } from 'vitest';
import { AccountingError, createClient } from '../src/index.js';

const credentials = { accessToken: 'token-123', signingSecret: 'secret-456' };

function client(sent: Request[]) {
  return createClient({
    variant: 'de',
    baseUrl: 'https://api.example.test',
    credentials,
    userAgent: 'a/1',
    fetch: async (request) => {
      sent.push(request);
      return Response.json({}, { status: 201 });
    },
  });
}

describe('request bodies (resource[field] form keys)', () => {
  it('are the signer’s encodeForm of the body, signed as sent', async () => {
    const sent: Request[] = [];
    const body = {
      contact: { contact_type_id: 1 as const, name: 'Ann + Bob & Co', main_address: { town: 'Köln' } },
    };
    await client(sent).POST('/accounts/v2/contacts', { body });
    const request = sent[0] as Request;
    expect(await request.clone().text()).toBe(encodeForm(body));
    expect((await verify(request, { signingSecret: 'secret-456' })).valid).toBe(true);
  });

  it('leave out null and undefined and keep 0, false and empty strings', async () => {
    const sent: Request[] = [];
    await client(sent).PUT('/accounts/v2/contacts/{id}', {
      params: { path: { id: 1 } },
      body: {
        contact: {
          name: '',
          notes: undefined as unknown as string,
          email: null as unknown as string,
          tax_rate_id: 0,
        },
      },
    });
    expect(await (sent[0] as Request).text()).toBe('contact%5Bname%5D=&contact%5Btax_rate_id%5D=0');
  });

  it('a value with no form representation is INVALID_ARGUMENT, and nothing is sent', async () => {
    const sent: Request[] = [];
    const err = await client(sent)
      .POST('/accounts/v2/contacts', {
        body: { contact: { contact_type_id: 1, name: new Date(0) as unknown as string } },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccountingError);
    expect(err).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((err as Error).message).toMatch(/strings, numbers, booleans/);
    expect(sent).toHaveLength(0);
  });
});
