#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps compiled code of the modules in a cache on disk, which roughly halves a warm start-up
// (most of it is loading the SDK, zod and ajv); older Node has no such function and starts as before.
// It must run before the rest is imported, hence the dynamic import below.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import('./cli/run-cli.js');
process.exit(await runCli());
