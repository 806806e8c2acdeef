// Generated from package.json by packages/edge-proxy/scripts/generate-version.ts, which the build runs;
// regenerate with `pnpm --filter @acctkit/edge-proxy gen:version`. Do not edit by hand.

/** This package's version, as its package.json says. */
export const PROXY_VERSION: string = "0.0.0";
