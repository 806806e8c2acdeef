/**
 * What a `--sandbox` option says when `@acctkit/sandbox` (an optional peer: it brings SQLite and a
 * native build) is not installed: how to install it beside the package, or run both with `npx`. One
 * text for every bin that offers `--sandbox`.
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
  return `--sandbox needs the @acctkit/sandbox package, which is not installed. Install it beside this one (npm install @acctkit/sandbox), or run: npx -y -p ${packageName} -p @acctkit/sandbox ${bin} --sandbox`;
}
