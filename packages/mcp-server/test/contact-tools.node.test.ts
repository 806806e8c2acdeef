import type { ElicitResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { call, countOf, fails, mcpClient, ok, recordOf, useConnections } from './harness.js';

const connections = useConnections();

type Page = { items: Record<string, unknown>[]; nextCursor?: string; totalCount: number };
type Change = {
  status: string;
  changed: boolean;
  record?: Record<string, unknown>;
  form_body?: string;
  message?: string;
};

/** A client whose user answers every confirmation form with `answer`; the forms shown are kept. */
async function elicitingClient(answer: ElicitResult) {
  const forms: string[] = [];
  const session = await mcpClient(
    { connections: [connections.de, connections.pt] },
    { elicitation: { form: {} } },
  );
  session.client.setRequestHandler('elicitation/create', async (request) => {
    forms.push(request.params.message);
    return answer;
  });
  return { ...session, forms };
}

describe.each(['de', 'pt'] as const)('contact tools (%s)', (variant) => {
  const newContact =
    variant === 'de'
      ? {
          name: 'Ida Vogel',
          company: 'Vogel Druck KG',
          contact_type_id: 2,
          email: 'ida@vogel.example',
          main_address: { line_1: 'Hauptstr. 1', town: 'Köln', postcode: '50667' },
        }
      : {
          name: 'Rita Sousa',
          company_name: 'Sousa Lda.',
          contact_type_id: 2,
          email: 'rita@sousa.example',
          main_address: { street_one: 'Rua A 1', town: 'Porto', postcode: '4000-001' },
        };

  it('pages through every contact with cursors, trimming fields', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const seen = new Set<unknown>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page: Page = await ok<Page>(client, 'list_contacts', {
        limit: 120,
        fields: ['name'],
        ...(cursor ? { cursor } : {}),
      });
      for (const item of page.items) {
        expect(Object.keys(item).sort()).toEqual(['id', 'name']);
        seen.add(item.id);
      }
      expect(page.totalCount).toBe(await countOf(connections[variant], '/accounts/v2/contacts'));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.size).toBe(await countOf(connections[variant], '/accounts/v2/contacts'));
    // A cursor belongs to its tool, business and filters.
    const first = await ok<Page>(client, 'list_contacts', { limit: 1 });
    const error = await fails(client, 'list_contacts', { limit: 1, search: 'a', cursor: first.nextCursor });
    expect(error.code).toBe('INVALID_ARGUMENTS');
    expect(error.fields?.[0]?.field).toBe('cursor');
    await close();
  });

  it('gets a contact with a resource link, and says what to do for an unknown id', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const [first] = (await ok<Page>(client, 'list_contacts', { limit: 1 })).items;
    const result = await call(client, 'get_contact', { id: first?.id });
    expect((result.structuredContent as { id: number }).id).toBe(first?.id);
    expect(result.content.find((c) => c.type === 'resource_link')).toMatchObject({
      uri: `acctkit://${variant}/contacts/${String(first?.id)}`,
    });
    const missing = await fails(client, 'get_contact', { id: 999_999 });
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain('list_');
    await close();
  });

  it('creates a contact, and a dry run sends nothing', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const before = await countOf(connections[variant], '/accounts/v2/contacts');
    const dry = await ok<Change & { body: Record<string, unknown> }>(client, 'create_contact', {
      ...newContact,
      dry_run: true,
    });
    expect(dry).toMatchObject({ status: 'dry_run' });
    expect(dry.form_body).toContain('contact%5Bname%5D=');
    expect(dry.body).toEqual({ contact: newContact });
    expect(await countOf(connections[variant], '/accounts/v2/contacts')).toBe(before);

    const created = await call(client, 'create_contact', newContact);
    const content = created.structuredContent as Change;
    expect(content).toMatchObject({
      status: 'created',
      record: { name: newContact.name, email: newContact.email },
    });
    expect(content.record?.company).toBe(variant === 'de' ? 'Vogel Druck KG' : 'Sousa Lda.');
    expect(created.content.some((c) => c.type === 'resource_link')).toBe(true);
    expect(await countOf(connections[variant], '/accounts/v2/contacts')).toBe(before + 1);
    await close();
  });

  it('maps field problems to argument names: schema limits, the other variant’s fields, the service’s $diagnoses', async () => {
    const { client, close } = await mcpClient({ connections: [connections.de, connections.pt] });
    const long = await fails(client, 'create_contact', {
      business: variant,
      name: 'x'.repeat(51),
      contact_type_id: 1,
    });
    expect(long.code).toBe('INVALID_ARGUMENTS');
    expect(long.fields?.map((f) => f.field)).toEqual(['name']);
    const foreign = variant === 'de' ? { company_name: 'X' } : { company: 'X' };
    const wrong = await fails(client, 'create_contact', {
      business: variant,
      name: 'A',
      contact_type_id: 1,
      ...foreign,
    });
    expect(wrong.fields?.[0]).toMatchObject({
      field: Object.keys(foreign)[0],
      problem: `not a field of ${variant} businesses`,
    });
    const service = await fails(client, 'create_contact', {
      business: variant,
      name: 'A',
      contact_type_id: 1,
      main_address: { country_id: 99_999 },
    });
    expect(service.code).toBe('VALIDATION_FAILED');
    expect(service.fields?.[0]?.field).toMatch(/^main_address/);
    if (variant === 'pt') {
      // A nested field the service names in its message maps to the argument path.
      const postcode = await fails(client, 'create_contact', {
        business: 'pt',
        name: 'A',
        contact_type_id: 1,
        main_address: { postcode: '4000', country_id: 184 },
      });
      expect(postcode.fields?.[0]?.field).toBe('main_address.postcode');
    }
    await close();
  });

  it('updates a contact without confirmation (no amounts change)', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const [first] = (await ok<Page>(client, 'list_contacts', { limit: 1 })).items;
    const dry = await ok<Change>(client, 'update_contact', { id: first?.id, notes: 'Dry', dry_run: true });
    expect(dry.status).toBe('dry_run');
    expect(
      (await recordOf(connections[variant], '/accounts/v2/contacts', first?.id as number))?.notes,
    ).not.toBe('Dry');
    const updated = await ok<Change>(client, 'update_contact', { id: first?.id, notes: 'Pays on time' });
    expect(updated).toMatchObject({ status: 'updated', record: { notes: 'Pays on time' } });
    const none = await fails(client, 'update_contact', { id: first?.id });
    expect(none.code).toBe('INVALID_ARGUMENTS');
    await close();
  });

  it('deletes only after confirmation: form accepted, declined, cancelled; confirm: true without forms', async () => {
    const make = async (name: string) =>
      (
        await ok<Change>(
          (
            await mcpClient({ connections: [connections[variant]] })
          ).client,
          'create_contact',
          { ...newContact, name },
        )
      ).record?.id as number;
    const path = '/accounts/v2/contacts';
    const args = (id: number) => ({ business: variant, id });

    const declined = await elicitingClient({ action: 'decline' });
    const a = await make('Declined Person');
    expect(await ok<Change>(declined.client, 'delete_contact', args(a))).toMatchObject({
      status: 'declined',
    });
    expect(declined.forms[0]).toContain('Declined Person');
    expect(await recordOf(connections[variant], path, a)).toBeDefined();
    const unticked = await elicitingClient({ action: 'accept', content: { confirm: false } });
    expect((await ok<Change>(unticked.client, 'delete_contact', args(a))).status).toBe('declined');

    const cancelled = await elicitingClient({ action: 'cancel' });
    const cancel = await ok<Change>(cancelled.client, 'delete_contact', args(a));
    expect(cancel).toMatchObject({ status: 'cancelled' });
    expect(cancel.message).toContain('nothing was changed');
    expect(await recordOf(connections[variant], path, a)).toBeDefined();

    // A form answer decides even when the agent passed confirm: true.
    expect((await ok<Change>(declined.client, 'delete_contact', { ...args(a), confirm: true })).status).toBe(
      'declined',
    );

    // A form that fails (the client errs or times out) changes nothing: the call fails.
    const broken = await mcpClient(
      { connections: [connections.de, connections.pt] },
      { elicitation: { form: {} } },
    );
    broken.client.setRequestHandler('elicitation/create', async () => {
      throw new Error('no display');
    });
    const failed = await broken.client.callTool({ name: 'delete_contact', arguments: args(a) });
    expect(failed.isError).toBe(true);
    expect(await recordOf(connections[variant], path, a)).toBeDefined();
    await broken.close();

    const accepted = await elicitingClient({ action: 'accept', content: { confirm: true } });
    expect(await ok<Change>(accepted.client, 'delete_contact', args(a))).toMatchObject({
      status: 'deleted',
    });
    expect(await recordOf(connections[variant], path, a)).toBeUndefined();

    const plain = await mcpClient({ connections: [connections.de, connections.pt] });
    const b = await make('Plain Person');
    const refused = await fails(plain.client, 'delete_contact', args(b));
    expect(refused.code).toBe('CONFIRMATION_REQUIRED');
    expect(refused.message).toContain('Plain Person');
    expect(await recordOf(connections[variant], path, b)).toBeDefined();
    expect((await ok<Change>(plain.client, 'delete_contact', { ...args(b), confirm: true })).status).toBe(
      'deleted',
    );
    expect(await recordOf(connections[variant], path, b)).toBeUndefined();
    for (const session of [declined, unticked, cancelled, accepted, plain]) await session.close();
  });

  it('a contact still used by an income cannot be deleted: one sentence of reason, no fields to fix, what to do', async () => {
    const { client, close } = await mcpClient({ connections: [connections[variant]] });
    const contact = (await ok<Change>(client, 'create_contact', { ...newContact, name: 'Used Customer' }))
      .record?.id as number;
    const income = {
      de: { source_id: 201, destination_id: 1100 },
      pt: { source_id: 401, destination_id: 1200 },
    };
    await ok<Change>(client, 'create_income', {
      date: '2026-04-02',
      amount: '10.00',
      payment_method_id: 1,
      contact_id: contact,
      ...income[variant],
    });
    const refused = await fails(client, 'delete_contact', { id: contact, confirm: true });
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.fields).toBeUndefined();
    expect(refused.message).toBe(
      `The service rejected the request for business '${variant}': This contact is used by expenses or incomes and cannot be deleted. No argument is at fault: calling again unchanged fails the same way, so tell the user the reason.`,
    );
    expect(refused.message).not.toContain('..');
    expect(refused.message).not.toContain('Fix the fields');
    await close();
  });
});
