import type { components } from '@acctkit/openapi/de';

/** One SData diagnosis of an error body (`$dataCode`, `$message`, `$source`, `$severity`). */
export type Diagnosis = components['schemas']['Diagnosis'];

/**
 * The diagnoses of an error body: the `$diagnoses` of a 401, 403, 404, 422, 429 or 503, or `[]` for
 * any other body (the 400 `{ error, error_description }`, an OAuth error, no body).
 *
 * @param error - The `error` of a call result.
 * @returns The diagnoses, possibly empty.
 * @example
 * ```ts
 * import { type AccountingClient, diagnosesOf } from '@acctkit/client';
 * declare const api: AccountingClient<'de'>;
 * const { error } = await api.POST('/accounts/v2/contacts', { body: { contact: { contact_type_id: 1, name: '' } } });
 * for (const d of diagnosesOf(error)) console.log(d.$source, d.$message);
 * ```
 */
export function diagnosesOf(error: unknown): Diagnosis[] {
  const list = (error as { $diagnoses?: unknown } | null | undefined)?.$diagnoses;
  return Array.isArray(list) ? (list as Diagnosis[]) : [];
}
