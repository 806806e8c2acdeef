import { percentEncode } from '@acctkit/signer';
import { CliError } from './cli-error.js';

/**
 * Encodes `key=value` arguments (`-f contact[name]=Ann`, `-q search=Ann`) as a form or query string:
 * split at the first `=`, key and value percent-encoded by RFC 3986 in the order given, so
 * `contact[name]=Ann Lee` becomes `contact%5Bname%5D=Ann%20Lee`, exactly what `@acctkit/signer`'s
 * `encodeForm` makes of `{ contact: { name: 'Ann Lee' } }`.
 *
 * @throws CliError `USAGE` for an argument without `=` or with an empty key.
 */
export function encodeFields(fields: readonly string[], flag: string): string {
  return fields
    .map((field) => {
      const at = field.indexOf('=');
      if (at <= 0)
        throw new CliError(
          'USAGE',
          `${flag} takes key=value (got '${field.slice(0, 40)}'); nest keys with brackets: contact[name]=Ann.`,
        );
      return `${percentEncode(field.slice(0, at))}=${percentEncode(field.slice(at + 1))}`;
    })
    .join('&');
}
