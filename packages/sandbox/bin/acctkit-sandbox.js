#!/usr/bin/env node
// `acctkit-sandbox` runs the built command, ../dist/cli.js. The bin is this committed file so that
// pnpm can link it when installing a clone that has not been built yet (it warns for a missing one).
import '../dist/cli.js';
