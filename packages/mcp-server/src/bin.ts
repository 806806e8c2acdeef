#!/usr/bin/env node
import module from 'node:module';

// The published bin is this loader and nothing else: the bundle splits every dynamic import into a file
// of its own, so the compile cache (Node 22.1+; older Node has no such function and starts as before)
// is on before the CLI and its dependencies are compiled, and later loads reuse their compiled code.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import('./cli/run-cli.js');
process.exit(await runCli());
