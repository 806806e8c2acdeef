import { compareDecimals, isoToDmy } from '@acctkit/client';
import { encodeForm } from '@acctkit/signer';
import { CONFIRM_ARGUMENT, confirmChange, type Decision, notConfirmed } from '../approvals/confirmation.js';
import type { BusinessConnection } from '../business-connection.js';
import { CREATE_GUARD_ARGUMENTS, guardCreate } from '../changes/create-guard.js';
import { journalChange } from '../changes/journal-change.js';
import type { JsonSchema } from '../json-schema.js';
import { PAGING_ARGUMENTS } from '../paging.js';
import { confirmationDetails, confirmedFields, type RecordKind, recordToolName } from '../record-kinds.js';
import { normalizeRecord, recordLink, trimRecord } from '../records.js';
import { serviceAnswer, serviceCall } from '../service-call.js';
import { defineTool, type ToolContext, type ToolDefinition, type ToolSuccess } from '../tool-definition.js';
import { ToolFailure } from '../tool-failure.js';
import { mergeVariantSchemas, objectSchema, withListedForm, withOwnArguments } from '../tool-schema.js';
import type { Toolset } from '../toolset.js';
import { CREATE, DELETE, READ, UPDATE } from './annotations.js';
import { specSchemas } from './spec-schemas.js';

type Variant = BusinessConnection['variant'];

const DRY_RUN = {
  type: 'boolean',
  description: 'Only validate.',
} as const satisfies JsonSchema;

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function idArgument(resource: RecordKind): JsonSchema & { readonly type: 'integer' } {
  const description = `${capitalized(resource.singular)} id (${recordToolName(resource, 'list')}).`;
  // Listed without `minimum`: ids come from list_ tools, so no agent sends 0; each call still checks it.
  return withListedForm({ type: 'integer', minimum: 1, description }, { type: 'integer', description });
}

const FIELDS = PAGING_ARGUMENTS.fields;

/** The wire body for a tool's spec arguments: dates to `dd/mm/yyyy` where the wire wants them, wrapped. */
export function wireBody(
  resource: RecordKind,
  variant: Variant,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const converted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    converted[key] = resource.dmyFields.includes(key) && typeof value === 'string' ? isoToDmy(value) : value;
  const wrap = resource.wrap(variant);
  return wrap ? { [wrap]: converted } : converted;
}

function specFields(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { id: _i, dry_run: _d, confirm: _c, idempotency_key: _k, allow_duplicate: _a, ...fields } = args;
  return fields;
}

export async function fetchRecord(
  resource: RecordKind,
  id: unknown,
  context: ToolContext,
): Promise<Record<string, unknown>> {
  const record = await serviceCall(context.connection, 'GET', `${resource.path}/{id}`, {
    params: { path: { id } },
    signal: context.signal,
  });
  return normalizeRecord(record);
}

/** A tool's name, title, description and toolset. */
export interface Names {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly toolset: Toolset;
}

/** `get_<singular>`: one record by id, with a resource link. */
export function getTool(resource: RecordKind, names: Names): ToolDefinition {
  const records = specSchemas('record', resource.record);
  return defineTool({
    ...names,
    perBusiness: true,
    annotations: READ,
    input: () => objectSchema({ id: idArgument(resource), fields: FIELDS }, ['id']),
    output: (variants) => mergeVariantSchemas(records, variants),
    run: async (args, context) => {
      const full = await fetchRecord(resource, args.id, context);
      const data = trimRecord(full, args.fields);
      return { data, links: [recordLink(context.connection, resource, full)] };
    },
  });
}

/**
 * `create_<singular>`: validated spec fields, or with `dry_run` only the form body. Guarded against
 * duplicates by the business's journal (`idempotency_key`, `allow_duplicate`: src/changes/create-guard.ts).
 */
export function createTool(resource: RecordKind, body: string, names: Names): ToolDefinition {
  const bodies = specSchemas('body', body);
  return defineTool({
    ...names,
    perBusiness: true,
    annotations: CREATE,
    input: (variants) =>
      withOwnArguments(
        mergeVariantSchemas(bodies, variants),
        objectSchema({ ...CREATE_GUARD_ARGUMENTS, dry_run: DRY_RUN }),
      ),
    output: () => changeSchema(['created', 'already_created', 'dry_run']),
    run: async (args, context) => {
      const fields = specFields(args);
      const body = wireBody(resource, context.connection.variant, fields);
      if (args.dry_run === true) return { data: dryRun(body) };
      const guard = {
        idempotencyKey: args.idempotency_key,
        allowDuplicate: args.allow_duplicate,
      };
      return guardCreate(context, resource, names.name, fields, guard, async (decision) => {
        if (decision.kind === 'already_created') {
          const { entry } = decision;
          return {
            data: {
              status: 'already_created',
              message: `Created at ${entry.at} with this idempotency_key (journal entry ${entry.id}); nothing was sent.`,
              record: entry.after,
            },
            links: [recordLink(context.connection, resource, entry.after)],
          };
        }
        const created = await createRecord(context, resource, body);
        await journalChange(context, resource, {
          operation: 'create',
          recordId: Number(created.record.id),
          before: null,
          after: created.record,
          status: created.status,
          arguments: fields,
          ...(guard.idempotencyKey !== undefined && { idempotencyKey: guard.idempotencyKey }),
        });
        context.log.log('info', `created ${resource.singular} ${String(created.record.id)}`, {
          business: context.connection.name,
        });
        return {
          data: { status: 'created', record: created.record },
          links: [recordLink(context.connection, resource, created.record)],
        };
      });
    },
  });
}

/** Sends a create: the record as the service answered (normalized) and the status. */
export async function createRecord(
  context: ToolContext,
  resource: RecordKind,
  body: Record<string, unknown>,
): Promise<{ record: Record<string, unknown>; status: number }> {
  const answer = await serviceAnswer(
    context.connection,
    'POST',
    resource.path,
    { body, signal: context.signal },
    resource.fieldNames,
  );
  return { record: normalizeRecord(answer.data), status: answer.status };
}

/** Sends an update of record `id`: the record as the service answered (normalized) and the status. */
export async function updateRecord(
  context: ToolContext,
  resource: RecordKind,
  id: unknown,
  body: Record<string, unknown>,
): Promise<{ record: Record<string, unknown>; status: number }> {
  const answer = await serviceAnswer(
    context.connection,
    'PUT',
    `${resource.path}/{id}`,
    { params: { path: { id } }, body, signal: context.signal },
    resource.fieldNames,
  );
  return { record: normalizeRecord(answer.data), status: answer.status };
}

/** Sends a delete of record `id`: the status of the service's answer. */
export async function deleteRecord(
  context: ToolContext,
  resource: RecordKind,
  id: unknown,
): Promise<{ status: number }> {
  const answer = await serviceAnswer(context.connection, 'DELETE', `${resource.path}/{id}`, {
    params: { path: { id } },
    signal: context.signal,
  });
  return { status: answer.status };
}

function dryRun(body: Record<string, unknown>): Record<string, unknown> {
  return {
    status: 'dry_run',
    message: 'Valid. Nothing was sent: call again without dry_run to send this body.',
    body,
    // The signer's encoder is the client's body serializer: the exact bytes that would be sent.
    form_body: encodeForm(body),
  };
}

/**
 * The output of create, update and delete tools. `record` is the record as the get_ tool returns it
 * (its schema is listed there once rather than again on every change tool: a shorter catalogue).
 */
function changeSchema(statuses: readonly string[]): JsonSchema {
  const dryRun = statuses.includes('dry_run');
  return objectSchema(
    {
      status: { type: 'string', enum: statuses },
      message: { type: 'string' },
      record: { type: 'object' },
      // Only dry runs return the body that would be sent, parsed and form-encoded.
      ...(dryRun ? { body: { type: 'object' }, form_body: { type: 'string' } } : {}),
    },
    ['status'],
    false,
  );
}

/** `update_<singular>`: changes the fields given; amount changes are confirmed by the user first. */
export function updateTool(resource: RecordKind, body: string, names: Names): ToolDefinition {
  const bodies = specSchemas('body', body);
  return defineTool({
    ...names,
    perBusiness: true,
    annotations: UPDATE,
    input: (variants) =>
      withOwnArguments(
        mergeVariantSchemas(bodies, variants),
        objectSchema(
          {
            id: idArgument(resource),
            ...(confirmedFields(resource).length > 0 ? { confirm: CONFIRM_ARGUMENT } : {}),
            dry_run: DRY_RUN,
          },
          ['id'],
        ),
        true,
      ),
    output: () => changeSchema(['updated', 'dry_run', 'declined', 'cancelled']),
    ...(confirmedFields(resource).length > 0 && { card: 'approval' as const }),
    run: async (args, context) => {
      const fields = specFields(args);
      if (Object.keys(fields).length === 0)
        throw new ToolFailure({
          code: 'INVALID_ARGUMENTS',
          message: `Give at least one field of the ${resource.singular} to change.`,
          business: context.connection.name,
        });
      const current = await fetchRecord(resource, args.id, context);
      const body = wireBody(resource, context.connection.variant, fields);
      if (args.dry_run === true) return { data: { ...dryRun(body), record: current } };
      const amounts = confirmedFields(resource).filter((field) => {
        const value = fields[field];
        return typeof value === 'string' && compareDecimals(value, String(current[field] ?? '0')) !== 0;
      });
      if (amounts.length > 0) {
        const action = `Change ${resource.singular} ${String(args.id)}`;
        const changes = Object.fromEntries(
          amounts.map((field) => [
            `${field} change`,
            `${String(current[field] ?? '0')} → ${String(fields[field])}`,
          ]),
        );
        const decision = await confirmChange(
          context,
          args.confirm,
          action,
          { ...confirmationDetails(resource, current), ...changes },
          {
            kind: resource.name,
            id: args.id,
            before: current,
            after: expected(resource, current, fields),
          },
        );
        if (decision !== 'confirmed') return unchanged(decision, action, current);
      }
      const { record: updated, status } = await updateRecord(context, resource, args.id, body);
      // `current` is the read the confirmation needs anyway: the journal's "before" costs no request.
      await journalChange(context, resource, {
        operation: 'update',
        recordId: args.id,
        before: current,
        after: updated,
        status,
      });
      return {
        data: { status: 'updated', record: updated },
        links: [recordLink(context.connection, resource, updated)],
      };
    },
  });
}

/** What the service computes from the amounts given, as an approval card shows it until it has. */
const COMPUTED = 'computed by the service';

/**
 * The record as an update should leave it: the fields given, and the amounts the service derives from
 * them (the gross, and the tax when only the net is given) marked as computed rather than shown stale.
 */
function expected(
  resource: RecordKind,
  current: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const after: Record<string, unknown> = { ...current, ...fields };
  const amounts = resource.amounts;
  if (!amounts) return after;
  if (current[amounts.gross] !== undefined) after[amounts.gross] = COMPUTED;
  if (fields[amounts.tax] === undefined && current[amounts.tax] !== undefined) after[amounts.tax] = COMPUTED;
  return after;
}

/** The result when the user did not confirm a change: nothing was written. */
function unchanged(
  decision: Exclude<Decision, 'confirmed'>,
  action: string,
  record: Record<string, unknown>,
): ToolSuccess {
  return {
    data: { status: decision, message: notConfirmed(decision, action), record },
  };
}

/** `delete_<singular>`: always confirmed by the user first. */
export function deleteTool(resource: RecordKind, names: Names): ToolDefinition {
  return defineTool({
    ...names,
    perBusiness: true,
    annotations: DELETE,
    input: () => objectSchema({ id: idArgument(resource), confirm: CONFIRM_ARGUMENT }, ['id']),
    output: () => changeSchema(['deleted', 'declined', 'cancelled']),
    card: 'approval',
    run: async (args, context) => {
      const current = await fetchRecord(resource, args.id, context);
      const action = `Delete ${resource.singular} ${String(args.id)}`;
      const decision = await confirmChange(
        context,
        args.confirm,
        action,
        confirmationDetails(resource, current),
        { kind: resource.name, id: args.id, before: current, after: null },
      );
      if (decision !== 'confirmed') return unchanged(decision, action, current);
      const { status } = await deleteRecord(context, resource, args.id);
      await journalChange(context, resource, {
        operation: 'delete',
        recordId: args.id,
        before: current,
        after: null,
        status,
      });
      context.log.log('notice', `deleted ${resource.singular} ${String(args.id)}`, {
        business: context.connection.name,
      });
      return { data: { status: 'deleted', record: current } };
    },
  });
}
