#!/usr/bin/env node
import { runCli } from './cli/run-cli.js';

const code = await runCli();
process.exit(code);
