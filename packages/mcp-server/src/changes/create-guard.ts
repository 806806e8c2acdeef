import type { ChangeEntry, ChangeJournal } from '@acctkit/change-journal';
import type { JsonSchema } from '../json-schema.js';
import type { RecordKind } from '../record-kinds.js';
import type { ToolContext } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';

/** How long an idempotency key returns its first result: 24 hours. */
export const IDEMPOTENCY_WINDOW_MS: number = 24 * 60 * 60 * 1000;

/** How long an equal create counts as a possible duplicate: 10 minutes. */
export const DUPLICATE_WINDOW_MS: number = 10 * 60 * 1000;

/** The arguments of the create tools that guard against duplicates. */
export const CREATE_GUARD_ARGUMENTS: {
  readonly idempotency_key: JsonSchema & { readonly type: 'string' };
  readonly allow_duplicate: JsonSchema & { readonly type: 'boolean' };
} = {
  idempotency_key: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    description: 'Same key on retry: no second record.',
  },
  allow_duplicate: {
    type: 'boolean',
    description: 'Create even if equal to a recent one.',
  },
};

/** A create the journal already holds: its entry. */
export type EarlierCreate = ChangeEntry & { readonly after: Readonly<Record<string, unknown>> };

/**
 * A decimal string without the zeros that do not change its value (`12.50` → `12.5`, `7.0` → `7`), so
 * that equal amounts compare equal.
 */
function decimalKey(value: string): string {
  return /^-?\d+\.\d+$/.test(value) ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The arguments as one string: keys sorted at every level, amounts without trailing zeros. */
export function argumentsKey(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(decimalKey(value));
  if (Array.isArray(value)) return `[${value.map(argumentsKey).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${argumentsKey((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

// For journals without `exclusive` of their own: one change at a time per journal in this process.
const queues = new WeakMap<ChangeJournal, Promise<unknown>>();

function serialized<T>(journal: ChangeJournal, run: () => Promise<T>): Promise<T> {
  if (journal.exclusive) return journal.exclusive(run);
  const before = queues.get(journal) ?? Promise.resolve();
  const next = before.then(run, run);
  queues.set(
    journal,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Runs `run` as the only create or undo of the business: across processes and instances when the
 * journal can (`exclusive`), else in this process. A call that comes second then finds the first
 * one's journal entry instead of racing it to the service. A call that cannot get its turn fails with
 * `SERVICE_UNAVAILABLE` and sends nothing.
 *
 * @param what - What waits, for the failure's message (`create`, `undo`).
 */
export function exclusively<T>(
  context: ToolContext,
  journal: ChangeJournal,
  what: string,
  run: () => Promise<T>,
): Promise<T> {
  let started = false;
  return serialized(journal, () => {
    started = true;
    return run();
  }).catch((error: unknown) => {
    if (started) throw error;
    throw new ToolFailure(
      {
        code: 'SERVICE_UNAVAILABLE',
        message: `Another change in business '${context.connection.name}' has been waiting for the service for over a minute, so this ${what} could not get its turn; nothing was sent. Try again shortly.`,
        business: context.connection.name,
        retryAfterSeconds: 30,
      },
      { cause: error },
    );
  });
}

/** What the guard decided about a create. */
export type GuardDecision =
  | { readonly kind: 'create' }
  | { readonly kind: 'already_created'; readonly entry: EarlierCreate };

/**
 * Runs a create under the duplicate guard of the business's journal:
 * - with an `idempotency_key` the journal saw with the same tool and arguments in the last 24 hours,
 *   `run` gets `already_created` and the first create's entry (nothing is sent); with other
 *   arguments the call fails with `IDEMPOTENCY_KEY_REUSED`;
 * - without a key, a create with the same arguments as one of the same kind in the last 10 minutes
 *   (and not deleted since) fails with `POSSIBLE_DUPLICATE`, naming the record, unless `allow_duplicate`.
 * A business without a journal has no guard. Creates of one business run one at a time
 * ({@link exclusively}).
 */
export function guardCreate<T>(
  context: ToolContext,
  kind: RecordKind,
  tool: string,
  fields: Readonly<Record<string, unknown>>,
  options: { readonly idempotencyKey?: string | undefined; readonly allowDuplicate?: boolean | undefined },
  run: (decision: GuardDecision) => Promise<T>,
): Promise<T> {
  const journal = context.connection.journal;
  if (!journal) return run({ kind: 'create' });
  return exclusively(context, journal, 'create', () => decide(journal));

  async function decide(journal: ChangeJournal): Promise<T> {
    const now = Date.now();
    const key = argumentsKey(fields);
    if (options.idempotencyKey !== undefined) {
      const { entries } = await journal.list({
        idempotencyKey: options.idempotencyKey,
        operation: 'create',
        since: new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString(),
        limit: 1,
      });
      const [first] = entries;
      if (first?.after) {
        if (first.tool === tool && argumentsKey(first.arguments ?? {}) === key)
          return run({ kind: 'already_created', entry: first as EarlierCreate });
        throw new ToolFailure({
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: `The idempotency_key was used at ${first.at} by ${first.tool} with other arguments (it created ${first.kind} ${first.recordId}). Use a new key for a new record, or the same arguments to get the first result.`,
          business: context.connection.name,
          fields: [{ field: 'idempotency_key', problem: 'already used with other arguments' }],
        });
      }
      return run({ kind: 'create' });
    }
    if (options.allowDuplicate === true) return run({ kind: 'create' });
    const duplicate = await recentEqualCreate(journal, kind, key, now);
    if (duplicate)
      throw new ToolFailure({
        code: 'POSSIBLE_DUPLICATE',
        message: `An equal ${kind.singular} was created at ${duplicate.at} (id ${duplicate.recordId}); nothing was sent. If this is a retry, that one is the record. If the user really wants a second one, call again with allow_duplicate: true.`,
        business: context.connection.name,
        existingId: duplicate.recordId,
        fields: [{ field: 'allow_duplicate', problem: 'true to create a second, equal record' }],
      });
    return run({ kind: 'create' });
  }
}

/** The newest create of this kind with these arguments in the last 10 minutes, unless deleted since. */
async function recentEqualCreate(
  journal: ChangeJournal,
  kind: RecordKind,
  key: string,
  now: number,
): Promise<ChangeEntry | undefined> {
  const gone = new Set<number>();
  let cursor: string | undefined;
  do {
    const page = await journal.list({
      kind: kind.name,
      since: new Date(now - DUPLICATE_WINDOW_MS).toISOString(),
      limit: 500,
      ...(cursor !== undefined && { cursor }),
    });
    for (const entry of page.entries) {
      if (entry.operation === 'delete') gone.add(entry.recordId);
      else if (
        entry.operation === 'create' &&
        !gone.has(entry.recordId) &&
        entry.arguments !== undefined &&
        argumentsKey(entry.arguments) === key
      )
        return entry;
    }
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return undefined;
}
