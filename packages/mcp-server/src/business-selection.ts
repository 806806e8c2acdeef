import type { BusinessConnection } from './business-connection.js';
import type { JsonSchema } from './json-schema.js';
import { fieldProblem, ToolFailure } from './tool-failure.js';

/** The `business` argument's schema for the connections a tool may act on. */
export function businessArgument(connections: readonly BusinessConnection[]): JsonSchema {
  const names = connections.map((c) => c.name);
  // No `type`: the enum of names says it (a shorter catalogue).
  return {
    enum: names,
    description: 'Business.',
  };
}

/**
 * The connection a call acts on. With several, `business` must name one of them: a missing name fails
 * closed with the choices. Whatever the number of connections, a name that is no connection is
 * `UNKNOWN_BUSINESS`, and a read-only connection named for a write is `FORBIDDEN`, each with the
 * `business` field and the choices. `eligible` are those the tool may use (full access for writes).
 */
export function selectBusiness(
  business: unknown,
  connections: readonly BusinessConnection[],
  eligible: readonly BusinessConnection[],
  tool: string,
): BusinessConnection {
  const choices = eligible.map((c) => c.name);
  if (business === undefined || business === null || business === '') {
    if (eligible.length === 1 && connections.length === 1) return eligible[0] as BusinessConnection;
    throw new ToolFailure({
      code: 'BUSINESS_REQUIRED',
      message: `Several businesses are connected: call ${tool} again with business set to one of ${choices.join(', ')} (list_businesses shows them).`,
      choices,
    });
  }
  const chosen = eligible.find((c) => c.name === business);
  if (chosen) return chosen;
  const readonly = connections.find((c) => c.name === business);
  throw new ToolFailure({
    code: readonly ? 'FORBIDDEN' : 'UNKNOWN_BUSINESS',
    message: readonly
      ? `Connection '${readonly.name}' is read-only: ${tool} cannot change its data. Choose one of ${choices.join(', ')}.`
      : `There is no business '${String(business).slice(0, 40)}'. Choose one of ${choices.join(', ')}.`,
    choices,
    fields: [
      fieldProblem('business', readonly ? `read-only for ${tool}` : `not one of ${choices.join(', ')}`),
    ],
  });
}
