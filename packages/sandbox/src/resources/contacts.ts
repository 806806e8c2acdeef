import type { Hono } from 'hono';
import { Fields } from '../fields.js';
import type { ContactData } from '../models.js';
import { envelopeJson, readPaging } from '../paging.js';
import type { SandboxEnv, SandboxState } from '../sandbox-env.js';
import { malformed, RecordNotFoundError, validationError } from '../sandbox-error.js';
import { contactBody } from './contact-body.js';
import { readContact } from './read-contact.js';
import { pathId } from './shared.js';

/** `listContacts`, `getContact`, `createContact`, `updateContact`, `deleteContact`. */
export function contactRoutes(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.get('/accounts/v2/contacts', (c) => {
    const { variant, business } = c.get('auth');
    const q = new URL(c.req.url).searchParams;
    const paging = readPaging(q);
    const where: string[] = [];
    const params: (string | number)[] = [];
    const type = q.get('contact_type');
    if (type !== null) {
      if (type !== '1' && type !== '2')
        throw malformed('contact_type must be 1 (customers) or 2 (suppliers).');
      where.push("EXISTS (SELECT 1 FROM json_each(data, '$.contactTypeIds') WHERE value = ?)");
      params.push(Number(type));
    }
    const exact = variant === 'de' ? (['email', 'telephone', 'mobile'] as const) : (['email'] as const);
    for (const field of exact) {
      const v = q.get(field);
      if (v !== null) {
        where.push(`lower(json_extract(data, '$.${field}')) = lower(?)`);
        params.push(v);
      }
    }
    if (variant === 'de') {
      const notes = q.get('notes');
      if (notes !== null) {
        where.push("instr(lower(json_extract(data, '$.notes')), lower(?)) > 0");
        params.push(notes);
      }
      const tax = q.get('tax_number');
      if (tax !== null) {
        where.push("json_extract(data, '$.taxAuthenticationNumber') = ?");
        params.push(tax);
      }
    }
    const search = q.get('search');
    if (search !== null) {
      where.push(
        "(instr(lower(json_extract(data, '$.name')), lower(?)) > 0 OR instr(lower(coalesce(json_extract(data, '$.company'), '')), lower(?)) > 0)",
      );
      params.push(search, search);
    }
    const page = state.store.listJson<ContactData>(
      'contact',
      business.id,
      variant,
      { where, params, ...paging },
      (r) => contactBody(variant, r),
    );
    return c.body(envelopeJson(page.total, paging, page.json), 200, { 'Content-Type': 'application/json' });
  });

  app.get('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const r = state.store.get<ContactData>('contact', business.id, id);
    if (!r) throw new RecordNotFoundError(`Contact ${id}`);
    return c.json(contactBody(variant, r));
  });

  app.post('/accounts/v2/contacts', (c) => {
    const { variant, business } = c.get('auth');
    const f = Fields.forOperation(variant, 'createContact', c.get('form'), 'contact');
    const rec = state.store.transaction(() => {
      const input = readContact(variant, f, undefined, 0);
      f.check();
      const type = input.contactTypeIds?.[0] ?? 1;
      return state.store.insert<ContactData>(
        'contact',
        business.id,
        (id) => ({
          contactTypeIds: [type],
          name: input.name ?? '',
          company: input.company ?? null,
          email: input.email ?? '',
          mobile: input.mobile ?? '',
          telephone: input.telephone ?? '',
          notes: input.notes ?? '',
          taxNumber: input.taxNumber ?? '',
          mainAddress: input.mainAddress ? { ...input.mainAddress, id: id * 10 + 1 } : null,
          deliveryAddress: input.deliveryAddress ? { ...input.deliveryAddress, id: id * 10 + 2 } : null,
          accountNumber: input.accountNumber ?? (type === 1 ? 10_000 : 70_000) + id,
          taxAuthenticationNumber: input.taxAuthenticationNumber ?? '',
          taxEligible: variant === 'de' ? (input.taxEligible ?? null) : null,
          editable: true,
          withholdingTaxId: input.withholdingTaxId ?? null,
        }),
        state.clock.now(),
      );
    });
    return c.json(contactBody(variant, rec), 201);
  });

  app.put('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const form = c.get('form');
    const body = Fields.wrapper(form, 'contact');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ContactData>('contact', business.id, id);
      if (!old) throw new RecordNotFoundError(`Contact ${id}`);
      if (variant === 'de' && !old.data.editable)
        throw validationError('base', 'This contact is not editable (editable is false).');
      const f = Fields.forOperation(variant, 'updateContact', form, 'contact');
      if (Object.keys(body).length === 0) f.fail('base', 'Send at least one contact[field].');
      const input = readContact(variant, f, old, id);
      f.check();
      const data: ContactData = { ...old.data, ...input };
      if (variant === 'de' && data.name === '' && (data.company ?? '') === '')
        throw validationError('company', 'Company or name must be supplied.');
      state.store.update('contact', business.id, id, data, state.clock.now());
      return { ...old, data };
    });
    return c.json(contactBody(variant, rec));
  });

  app.delete('/accounts/v2/contacts/:id', (c) => {
    const { variant, business } = c.get('auth');
    const id = pathId(c, 'Contact');
    const rec = state.store.transaction(() => {
      const old = state.store.get<ContactData>('contact', business.id, id);
      if (!old) throw new RecordNotFoundError(`Contact ${id}`);
      if (
        state.store.isReferenced('expense', business.id, 'contactId', id) ||
        state.store.isReferenced('income', business.id, 'contactId', id)
      )
        throw validationError('base', 'This contact is used by expenses or incomes and cannot be deleted.');
      state.store.delete('contact', business.id, id, state.clock.now());
      return old;
    });
    return c.json(contactBody(variant, rec));
  });
}
