import { type ChangeEntry, createMemoryChangeJournal } from '@acctkit/change-journal';
import { createSandbox, type Sandbox } from '@acctkit/sandbox';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, connect, fails, mcpClient, ok } from './harness.js';

// Undo must give back the record the user had, whatever optional fields it had set: create → delete →
// undo re-creates an equal record, and update → undo restores every field the update changed. The
// cases are generated from a table of each kind's optional fields per variant, for every field set
// alone and unset alone, plus seeded random mixes.

type Variant = 'de' | 'pt';
type Fields = Record<string, unknown>;

/** One argument of a create or update tool and how the record returns it. */
interface Field {
  /** The argument, dotted when nested (`main_address.town`). */
  readonly arg: string;
  /** Where the record holds it (`main_address.street_one`, `contact_types.0.id`). */
  readonly record: string;
  /** The value a record starts with, and the one an update changes it to (none: create only). */
  readonly values: readonly [unknown, unknown?];
  /**
   * Whether the service can unset it again once set (it accepts `""`); `undefined` when that depends
   * on other fields, so that the update cases do not set it on a record that had none.
   */
  readonly clearable?: boolean;
}

interface Table {
  readonly kind: 'contacts' | 'expenses';
  readonly singular: 'contact' | 'expense';
  /** Arguments every create sends. */
  readonly required: (n: number) => Fields;
  /** Required arguments an update may change too. */
  readonly changeable: readonly Field[];
  readonly optional: readonly Field[];
  /** A create's optional arguments made valid (a Variant A contact needs a name or a company). */
  readonly valid?: (set: ReadonlySet<string>) => ReadonlySet<string>;
}

/** Ids the tables need that only the running sandbox knows. */
const ids = { contacts: [0, 0], countries: { FR: 0, AT: 0 } };

function tables(variant: Variant): Table[] {
  const address = (group: string, street: readonly [string, string], clearPostcode: boolean): Field[] => [
    {
      arg: `${group}.${street[0]}`,
      record: `${group}.street_one`,
      values: ['Hauptstr. 1', 'Ring 9'],
      clearable: true,
    },
    {
      arg: `${group}.${street[1]}`,
      record: `${group}.street_two`,
      values: ['Hof 2', 'Hof 3'],
      clearable: true,
    },
    { arg: `${group}.town`, record: `${group}.town`, values: ['Linz', 'Graz'], clearable: true },
    {
      arg: `${group}.postcode`,
      record: `${group}.postcode`,
      values: variant === 'de' ? ['10115', '20095'] : ['4000-001', '1000-100'],
      ...(clearPostcode && { clearable: true }),
    },
    {
      arg: `${group}.country_id`,
      record: `${group}.country.id`,
      values: [ids.countries.FR, ids.countries.AT],
      clearable: false,
    },
  ];
  const street = variant === 'de' ? (['line_1', 'line_2'] as const) : (['street_one', 'street_two'] as const);
  const text = (arg: string, values: [string, string], record = arg): Field => ({
    arg,
    record,
    values,
    clearable: true,
  });
  const contacts: Table =
    variant === 'de'
      ? {
          kind: 'contacts',
          singular: 'contact',
          required: () => ({ contact_type_id: 2 }),
          changeable: [
            { arg: 'contact_type_id', record: 'contact_types.0.id', values: [2, 1], clearable: false },
          ],
          optional: [
            text('name', ['Undo Name', 'Other Name']),
            text('company', ['Undo GmbH', 'Other GmbH']),
            {
              arg: 'email',
              record: 'email',
              values: ['undo@example.com', 'other@example.com'],
              clearable: false,
            },
            text('mobile', ['+49 170 1', '+49 170 2']),
            text('telephone', ['+49 30 1', '+49 30 2']),
            text('notes', ['Some notes', 'Other notes']),
            text('tax_number', ['DE123456789', 'DE987654321']),
            { arg: 'account_number', record: 'account_number', values: [81234] },
            { arg: 'tax_authentication_number', record: 'tax_authentication_number', values: ['1234/5678'] },
            { arg: 'tax_eligible', record: 'tax_eligible', values: [true] },
            ...address('main_address', street, true),
            ...address('delivery_address', street, true).slice(0, 3),
          ],
          valid: (set) => (set.has('name') || set.has('company') ? set : new Set([...set, 'name'])),
        }
      : {
          kind: 'contacts',
          singular: 'contact',
          required: (n) => ({ contact_type_id: 2, name: `Undo Contact ${n}` }),
          changeable: [
            { arg: 'contact_type_id', record: 'contact_types.0.id', values: [2, 1], clearable: false },
            { arg: 'name', record: 'name', values: ['Undo Contact', 'Other Contact'], clearable: false },
          ],
          optional: [
            text('company_name', ['Undo Lda.', 'Outra Lda.'], 'company'),
            {
              arg: 'email',
              record: 'email',
              values: ['undo@example.pt', 'outro@example.pt'],
              clearable: false,
            },
            text('mobile', ['+351 91 1', '+351 91 2']),
            text('telephone', ['+351 22 1', '+351 22 2']),
            text('notes', ['Notas', 'Outras notas']),
            text('tax_number', ['PT501234567', 'PT509876543']),
            text('withholding_tax_id', ['1', '2'], 'withholding_tax.id'),
            ...address('main_address', street, false),
            {
              arg: 'main_address.county',
              record: 'main_address.county',
              values: ['Porto', 'Braga'],
              clearable: true,
            },
            ...address('delivery_address', street, false).slice(0, 3),
          ],
        };
  const money: Field[] = [
    { arg: 'date', record: 'date', values: ['2026-03-15', '2026-04-01'], clearable: false },
    { arg: 'total', record: 'total', values: ['120.00', '80.50'], clearable: false },
  ];
  const expenses: Table =
    variant === 'de'
      ? {
          kind: 'expenses',
          singular: 'expense',
          required: (n) => ({
            date: '2026-03-15',
            total: `${200 + n}.00`,
            bank_account_id: 1,
            ledger_account_id: 111,
          }),
          changeable: [
            ...money,
            { arg: 'ledger_account_id', record: 'ledger_account.id', values: [111, 110], clearable: false },
          ],
          optional: [
            {
              arg: 'contact_id',
              record: 'contact_id',
              values: [ids.contacts[0], ids.contacts[1]],
              clearable: false,
            },
            { arg: 'tax_rate_id', record: 'tax_rate.id', values: [2, 3], clearable: false },
            text('reference', ['R-1', 'R-2']),
            { arg: 'vat_value', record: 'vat_value', values: ['3.00', '5.00'], clearable: false },
          ],
        }
      : {
          kind: 'expenses',
          singular: 'expense',
          required: (n) => ({
            date: '2026-03-15',
            total: `${200 + n}.00`,
            bank_account_id: 4,
            ledger_account_id: 301,
          }),
          changeable: [
            ...money,
            { arg: 'ledger_account_id', record: 'ledger_account.id', values: [301, 302], clearable: false },
          ],
          optional: [
            { arg: 'payment_method_id', record: 'payment_method.id', values: [2, 3], clearable: false },
          ],
        };
  return [contacts, expenses];
}

/** A seeded generator (mulberry32), so the cases are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Which optional fields a create sets: every combination when there are few, else none, all, each
 * alone set, each alone unset, and `mixes` seeded random ones.
 */
function combinations(table: Table, mixes: number, seed: number): ReadonlySet<string>[] {
  const names = table.optional.map((f) => f.arg);
  const raw: string[][] = [];
  if (names.length <= 4)
    for (let mask = 0; mask < 1 << names.length; mask++) raw.push(names.filter((_, i) => mask & (1 << i)));
  else {
    raw.push([], names);
    for (const name of names)
      raw.push(
        [name],
        names.filter((n) => n !== name),
      );
    const next = random(seed);
    for (let i = 0; i < mixes; i++) raw.push(names.filter(() => next() < 0.5));
  }
  const seen = new Set<string>();
  return raw
    .map((set) => (table.valid ?? ((s) => s))(new Set(set)))
    .filter((set) => {
      const key = [...set].sort().join();
      return !seen.has(key) && seen.add(key);
    });
}

function setPath(target: Fields, path: string, value: unknown): void {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  target[head] ??= {};
  setPath(target[head] as Fields, rest.join('.'), value);
}

function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Fields | null | undefined)?.[key], source);
}

/** The create tool's arguments setting `set`, each to its first value. */
function createArguments(table: Table, set: ReadonlySet<string>, n: number): Fields {
  const args: Fields = { ...table.required(n) };
  for (const field of table.optional) if (set.has(field.arg)) setPath(args, field.arg, field.values[0]);
  return args;
}

/** A value that means "not set", as the service returns one (DECISIONS B6, M6). */
function unset(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 0;
}

/**
 * A record's fields without what identifies the record rather than describes it (its id, its
 * addresses' ids), and without the values that mean "not set", so `""` and `null` compare equal.
 */
function described(record: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'id') continue;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const { id: _id, $key, ...rest } = value as Fields;
      if ($key === null) continue;
      const nested = key.endsWith('_address') ? described(rest) : (value as Fields);
      out[key] = nested;
    } else if (!unset(value)) out[key] = value;
  }
  return out;
}

type Change = {
  status: string;
  record: Fields;
  entry?: string;
  changes?: { field: string; now: unknown; restore: unknown }[];
};

async function entryOf(client: Client, kind: string, id: number, tool: string): Promise<ChangeEntry> {
  const { items } = await ok<{ items: ChangeEntry[] }>(client, 'list_changes', { kind, id, tool, limit: 1 });
  const [entry] = items;
  if (!entry) throw new Error(`no ${tool} entry for ${kind} ${id}`);
  return entry;
}

const clients: Partial<Record<Variant, { client: Client; close: () => Promise<void> }>> = {};
let sandbox: Sandbox | undefined;

beforeAll(async () => {
  // Hundreds of requests in a few seconds: without the service's per-minute limit.
  sandbox = createSandbox({ database: ':memory:', adminToken: ADMIN, rateLimitPerMinute: 0 });
  for (const variant of ['de', 'pt'] as const)
    clients[variant] = await mcpClient({
      connections: [{ ...(await connect(sandbox, variant)), journal: createMemoryChangeJournal() }],
    });
  const de = clients.de?.client as Client;
  for (let i = 0; i < 2; i++)
    ids.contacts[i] = (
      await ok<Change>(de, 'create_contact', {
        contact_type_id: 2,
        name: `Supplier ${i}`,
        allow_duplicate: true,
      })
    ).record.id as number;
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const page = await ok<{ items: { id: number; code: string }[]; nextCursor?: string }>(
      de,
      'list_reference',
      {
        kind: 'countries',
        limit: 200,
        ...(cursor && { cursor }),
      },
    );
    for (const c of page.items) if (c.code === 'FR' || c.code === 'AT') ids.countries[c.code] = c.id;
    cursor = page.nextCursor;
  }
});
afterAll(async () => {
  await Promise.all(Object.values(clients).map((c) => c?.close()));
  sandbox?.close();
});

describe.each(['de', 'pt'] as const)('undo round trips (%s)', (variant) => {
  let n = 0;
  const client = (): Client => clients[variant]?.client as Client;

  it('create → delete → undo gives back an equal record, for every kind and each optional field set or unset', async () => {
    let cases = 0;
    for (const table of tables(variant)) {
      for (const set of combinations(table, 4, 7)) {
        const args = createArguments(table, set, ++n);
        const label = `${table.kind} with ${[...set].join(', ') || 'no optional field'}`;
        const created = await ok<Change>(client(), `create_${table.singular}`, {
          ...args,
          allow_duplicate: true,
        });
        const id = created.record.id as number;
        const original = await ok<Fields>(client(), `get_${table.singular}`, { id });
        await ok(client(), `delete_${table.singular}`, { id, confirm: true });
        const deleted = await entryOf(client(), table.kind, id, `delete_${table.singular}`);

        const preview = await ok<Change>(client(), 'undo_change', { change: deleted.id, dry_run: true });
        // The dry run names the fields a re-create sends: what was set, nothing unset.
        const sent = new Map((preview.changes ?? []).map((c) => [c.field, c.restore]));
        for (const field of table.optional)
          expect(sent.has(field.arg), `${label}: ${field.arg} in the dry run`).toBe(
            !unset(getPath(original, field.record)),
          );
        for (const field of table.optional.filter((f) => set.has(f.arg)))
          expect(sent.get(field.arg), `${label}: ${field.arg} sent`).toEqual(field.values[0]);

        const undone = await call(client(), 'undo_change', { change: deleted.id, confirm: true });
        expect(undone.isError, `${label}: ${JSON.stringify(undone.content)}`).toBeFalsy();
        const back = await ok<Fields>(client(), `get_${table.singular}`, {
          id: (undone.structuredContent as Change).record.id,
        });
        expect(described(back), label).toEqual(described(original));
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(variant === 'de' ? 50 : 30);
  });

  it('update → undo restores every field the update changed, or refuses, changing nothing, a field it cannot unset', async () => {
    let restored = 0;
    for (const table of tables(variant)) {
      const next = random(variant === 'de' ? 11 : 13);
      const sets = combinations(table, 0, 0);
      for (let i = 0; i < 10; i++) {
        const set = sets[Math.floor(next() * sets.length)] as ReadonlySet<string>;
        const created = await ok<Change>(client(), `create_${table.singular}`, {
          ...createArguments(table, set, ++n),
          allow_duplicate: true,
        });
        const id = created.record.id as number;
        const original = await ok<Fields>(client(), `get_${table.singular}`, { id });
        // Fields an update can change; fields unset so far only where the service's unsetting is known.
        const candidates = [...table.changeable, ...table.optional].filter(
          (f) =>
            f.values[1] !== undefined && (!unset(getPath(original, f.record)) || f.clearable !== undefined),
        );
        let changed = candidates.filter(() => next() < 0.35);
        if (changed.length === 0) changed = [candidates[Math.floor(next() * candidates.length)] as Field];
        const update: Fields = { id };
        for (const field of changed) setPath(update, field.arg, field.values[1]);
        if (table.kind === 'expenses') update.confirm = true;
        await ok(client(), `update_${table.singular}`, update);
        const updated = await ok<Fields>(client(), `get_${table.singular}`, { id });
        const entry = await entryOf(client(), table.kind, id, `update_${table.singular}`);
        const label = `${table.kind} with ${[...set].join(', ') || 'no optional field'}, changing ${changed
          .map((f) => f.arg)
          .join(', ')}`;
        // What the service cannot unset: an address the record did not have, a field without `""`.
        const stuck = changed.flatMap((f) => {
          const group = f.arg.includes('.') ? (f.arg.split('.')[0] as string) : undefined;
          if (group && (getPath(original, group) as Fields).$key === null) return [group];
          return unset(getPath(original, f.record)) && f.clearable === false ? [f.arg] : [];
        });

        if (stuck.length > 0) {
          const refused = await fails(client(), 'undo_change', { change: entry.id, confirm: true });
          expect(refused.code, label).toBe('INVALID_ARGUMENTS');
          for (const field of stuck) expect(refused.message, label).toContain(field);
          expect(await ok<Fields>(client(), `get_${table.singular}`, { id }), label).toEqual(updated);
          continue;
        }
        const preview = await ok<Change>(client(), 'undo_change', { change: entry.id, dry_run: true });
        const previewed = preview.changes ?? [];
        for (const field of changed) {
          const shown = previewed.find((c) => c.field === field.arg);
          expect(shown, `${label}: ${field.arg} in the dry run`).toBeDefined();
          expect(shown?.now, label).toEqual(field.values[1]);
          if (set.has(field.arg)) expect(shown?.restore, label).toEqual(field.values[0]);
          else if (unset(getPath(original, field.record))) expect(shown?.restore, label).toBeNull();
        }
        const undone = await call(client(), 'undo_change', { change: entry.id, confirm: true });
        expect(undone.isError, `${label}: ${JSON.stringify(undone.content)}`).toBeFalsy();
        const back = await ok<Fields>(client(), `get_${table.singular}`, { id });
        expect(described(back), label).toEqual(described(original));
        restored++;
      }
    }
    expect(restored).toBeGreaterThan(8);
  });
});
