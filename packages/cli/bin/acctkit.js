#!/usr/bin/env node
// `acctkit` runs the built command, ../dist/bin.js. The bin is this committed file so that
// pnpm can link it when installing a clone that has not been built yet (it warns for a missing one).
import '../dist/bin.js';
