import type { AnySchema } from './variant.js';

/** Scopes of the API (the spec's `Scope`): `readonly` makes every write a 403. */
export type Scope = AnySchema<'Scope'>;
