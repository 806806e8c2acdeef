import { resolve } from 'node:path';

/** The repository root, whatever the working directory a script was started from. */
export const repoRoot: string = resolve(import.meta.dirname, '../..');

/** The regional variants of the API: `de` is the interface spec's Variant A, `pt` its Variant B. */
export const variants = ['de', 'pt'] as const;
export type Variant = (typeof variants)[number];

export const openapiDir: string = resolve(repoRoot, 'openapi');
export const bundleDir: string = resolve(openapiDir, 'dist');
export const generatedDir: string = resolve(openapiDir, 'generated');

/** The interface spec beside the repository (shared/), else the copy the repository keeps. */
export const interfaceSpecShared: string = resolve(
  repoRoot,
  '../shared/spec/accounting-service-interface.md',
);
export const interfaceSpecCopy: string = resolve(openapiDir, 'source/accounting-service-interface.md');
