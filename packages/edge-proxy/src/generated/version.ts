// Generated from package.json by tools/src/generate-version.ts, which the build of
// packages/edge-proxy runs (its gen:version script). Do not edit by hand.

/** This package's version, as its package.json says. */
export const PACKAGE_VERSION: string = "0.0.0";
