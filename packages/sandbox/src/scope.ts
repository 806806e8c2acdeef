/** Scopes of the API: `readonly` makes every write a 403. */
export type Scope = 'readonly' | 'full_access';
