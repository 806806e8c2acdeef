/** The regional variants of the API, as `@acctkit/client` names them: `de` (Variant A) and `pt` (Variant B). */
export type Variant = 'de' | 'pt';
