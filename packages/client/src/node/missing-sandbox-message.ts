/**
 * What a `--sandbox` option says when `@acctkit/sandbox` (an optional peer: it brings SQLite and a
 * native build) is not installed: first how to install it today, from a clone's tarballs, then the
 * registry form that works after the first release. One text for every bin that offers `--sandbox`.
 *
 * @param packageName - The package whose bin was run (`@acctkit/mcp-server`).
 * @param bin - The bin (`acctkit-mcp`).
 * @returns The message.
 * @example
 * ```ts
 * import { missingSandboxMessage } from '@acctkit/client/node';
 * missingSandboxMessage('@acctkit/edge-proxy', 'acctkit-proxy');
 * ```
 */
export function missingSandboxMessage(packageName: string, bin: string): string {
  return [
    '--sandbox needs the @acctkit/sandbox package, which is not installed.',
    `Today, from a clone of acctkit: npm run pack:all, then install ./packed/acctkit-sandbox.tgz ./packed/acctkit-reconcile.tgz ./packed/acctkit-signer.tgz ./packed/acctkit-openapi.tgz in one npm install, the way ${packageName} was installed (npm install -g for a global ${bin}).`,
    `After the first release: npm install @acctkit/sandbox beside it, or run: npx -y -p ${packageName} -p @acctkit/sandbox ${bin} --sandbox`,
  ].join('\n');
}
