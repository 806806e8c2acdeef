// Local runner until the runtime matrix exists: `pnpm bench:node`, or bundle and run under another Node.
import { run } from './sign.bench.js';

await run((line) => console.log(line));
