// `pnpm bench:node`: the benchmarks in this Node alone, without bundling.
import { run as runMatch } from './match.bench.js';
import { run as runParse } from './parse.bench.js';

await runParse((line) => console.log(line));
await runMatch((line) => console.log(line));
