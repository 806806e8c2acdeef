// `pnpm bench:node`: the benchmark in this Node alone, without bundling.
import { run } from './parse.bench.js';

await run((line) => console.log(line));
