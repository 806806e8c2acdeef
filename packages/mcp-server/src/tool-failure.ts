import { AccountingError, diagnosesOf, HttpError, OAuthError } from '@acctkit/client';
import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';
import { valueSourceHint } from './value-sources.js';

/** Stable codes of failed tool calls (`error.code` in the result's JSON). */
export type ToolErrorCode =
  | 'INVALID_ARGUMENTS'
  | 'BUSINESS_REQUIRED'
  | 'UNKNOWN_BUSINESS'
  | 'CONFIRMATION_REQUIRED'
  | 'POSSIBLE_DUPLICATE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'RECORD_CHANGED'
  | 'ALREADY_UNDONE'
  | 'NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'FORBIDDEN'
  | 'CONNECTION_EXPIRED'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'SERVICE_ERROR'
  | 'NETWORK_ERROR'
  | 'INTERNAL_ERROR'
  | 'NOT_CONNECTED'
  | 'NOT_AVAILABLE'
  | 'NOT_CONFIGURED'
  | 'SIGN_IN_FAILED'
  | 'TIMEOUT'
  | 'CANCELLED';

/** One problem with one argument. `field` is the tool's argument path (`main_address.postcode`). */
export interface FieldProblem {
  readonly field: string;
  readonly problem: string;
  /** Where valid ids come from, e.g. `Ids: list_reference kind 'income_types'.` */
  readonly hint?: string;
}

/** The structured body of a failed tool call. */
export interface ToolErrorBody {
  readonly code: ToolErrorCode;
  readonly message: string;
  readonly business?: string;
  readonly fields?: readonly FieldProblem[];
  readonly retryAfterSeconds?: number;
  readonly choices?: readonly string[];
  /** The record an equal create made (`POSSIBLE_DUPLICATE`). */
  readonly existingId?: number;
  /** The journal entry that undid it (`ALREADY_UNDONE`). */
  readonly entry?: string;
}

/** A failed tool call; handlers throw it and the registration turns it into an `isError` result. */
export class ToolFailure extends Error {
  declare readonly body: ToolErrorBody;
  constructor(body: ToolErrorBody, options?: { cause?: unknown }) {
    super(body.message, options);
    this.name = 'ToolFailure';
    this.body = body;
  }
}

/**
 * What a missing required argument's problem says: its name, and what it takes from its schema
 * (`id is required: contact id, from list_contacts.`, `group_by is required: how to group, one of
 * month, type, contact.`).
 */
export function missingArgument(name: string, schema: JsonSchema): string {
  // `Contact id (list_contacts).` reads `contact id, from list_contacts`; a description that only
  // repeats the name (`Name.` of `name`) says nothing.
  const text = (schema.description ?? '').replace(/\.$/, '').replace(/ \((list_.+)\)$/, ', from $1');
  const described = text.toLowerCase() === name.replace(/_/g, ' ') ? '' : lowerFirst(text);
  const what = [described, takes(schema, described)].filter(Boolean).join(', ');
  return what ? `${name} is required: ${what}.` : `${name} is required.`;
}

/** What values a schema takes, unless its description already lists them (`1 customer, 2 supplier`). */
function takes(schema: JsonSchema, described: string): string {
  if (schema.enum) return /\d/.test(described) ? '' : `one of ${schema.enum.join(', ')}`;
  if (schema.format === 'date') return 'a date, YYYY-MM-DD';
  if (schema.pattern) return `matching \`${schema.pattern}\``;
  if (described) return '';
  if (schema.type === 'string')
    return schema.maxLength === undefined ? 'text' : `text of at most ${schema.maxLength} characters`;
  return schema.type === 'integer' ? 'an integer' : schema.type === 'boolean' ? 'true or false' : '';
}

/** `Contact id` → `contact id`, but `VAT amount` stays. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

/** A field problem with the hint of where valid values come from, when there is one. */
export function fieldProblem(field: string, problem: string): FieldProblem {
  const hint = valueSourceHint(field);
  return hint ? { field, problem, hint } : { field, problem };
}

/**
 * The failure for an error response of the service. `fieldNames` maps the wire's `$source` (the name
 * inside `resource[...]`) to the tool's argument name where they differ.
 */
export function failureFromResponse(
  connection: BusinessConnection,
  response: Response,
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
): ToolFailure {
  const status = response.status;
  const business = connection.name;
  const diagnoses = diagnosesOf(error);
  const first = diagnoses[0]?.$message;
  if (status === 422 || status === 400) {
    const fields = diagnoses
      .filter((d) => d.$source && d.$source !== 'base')
      .map((d) => fieldProblem(argumentPath(d.$source, d.$message, fieldNames), d.$message));
    const oauth = error as { error?: unknown; error_description?: unknown } | undefined;
    const reason = sentence(
      first ??
        (typeof oauth?.error_description === 'string' ? oauth.error_description : 'the request was rejected'),
    );
    // A reason with no field (a rule about the record, such as a contact still in use) is not fixed
    // by changing arguments, and the same call fails again.
    const next =
      fields.length > 0
        ? 'Fix the fields listed and call again.'
        : 'No argument is at fault: calling again unchanged fails the same way, so tell the user the reason.';
    return new ToolFailure({
      code: status === 422 ? 'VALIDATION_FAILED' : 'INVALID_ARGUMENTS',
      message: `The service rejected the request for business '${business}': ${reason} ${next}`,
      business,
      ...(fields.length > 0 ? { fields } : {}),
    });
  }
  if (status === 404)
    return new ToolFailure({
      code: 'NOT_FOUND',
      message: `No such record in business '${business}'. Find the id with the matching list_ tool.`,
      business,
    });
  if (status === 401) return expired(connection);
  if (status === 403)
    return new ToolFailure({
      code: 'FORBIDDEN',
      message: `Connection '${business}' may not do this (${first ?? 'insufficient scope'}). Use a connection with full access.`,
      business,
    });
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const seconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
    return new ToolFailure({
      code: 'RATE_LIMITED',
      message: `The service is rate limiting business '${business}'. Wait ${seconds ?? 'a minute'}${seconds === undefined ? '' : ' seconds'} and call again.`,
      business,
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    });
  }
  if (status === 503)
    return new ToolFailure({
      code: 'SERVICE_UNAVAILABLE',
      message: `The accounting service is unavailable for business '${business}'. Try again in a few minutes.`,
      business,
    });
  return new ToolFailure({
    code: 'SERVICE_ERROR',
    message: `The accounting service failed (HTTP ${status}) for business '${business}'. Try again later; if it persists, report it.`,
    business,
  });
}

/** The service's text as one sentence: trimmed, ending in exactly one stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The argument path of a diagnosis: its `$source` renamed by `fieldNames`, and for a nested object
 * (`main_address`) the inner field when the message names it (`main_address: postcode must …`).
 */
function argumentPath(source: string, message: string, fieldNames: Readonly<Record<string, string>>): string {
  const field = fieldNames[source] ?? source;
  const inner = new RegExp(`^${source}: ([a-z][a-z0-9_]*) `).exec(message)?.[1];
  return inner ? `${field}.${inner}` : field;
}

function expired(connection: BusinessConnection): ToolFailure {
  const hint = connection.reconnectHint ?? 'connect the business again';
  return new ToolFailure({
    code: 'CONNECTION_EXPIRED',
    message: `The connection '${connection.name}' is expired or revoked. Ask the user to reconnect it (${hint}).`,
    business: connection.name,
  });
}

/** The failure for an error the client threw (token refresh, network, timeout): never a secret. */
export function failureFromThrown(connection: BusinessConnection, error: unknown): ToolFailure {
  if (error instanceof ToolFailure) return error;
  if (error instanceof OAuthError || (error instanceof AccountingError && error.code === 'NO_TOKENS'))
    return expired(connection);
  if (error instanceof HttpError && error.status === 401) return expired(connection);
  if (error instanceof AccountingError && (error.code === 'NETWORK' || error.code === 'TIMEOUT'))
    return new ToolFailure({
      code: 'NETWORK_ERROR',
      message: `The accounting service could not be reached for business '${connection.name}' (${error.code.toLowerCase()}). Try again shortly.`,
      business: connection.name,
    });
  return new ToolFailure({
    code: 'INTERNAL_ERROR',
    message: `The server failed while working for business '${connection.name}'. Try again; if it persists, report it.`,
    business: connection.name,
  });
}
