// A clock and a slice runner that work in every runtime of the matrix, workerd included: there the clock
// only advances on I/O, so every reading follows a timer (one macrotask, well under 1 ms elsewhere),
// and a slice is a fixed number of calls, calibrated during warm-up, never "until the clock says stop".

/** Waits for one timer, so that workerd's clock moves, then reads it (milliseconds). */
export async function now(): Promise<number> {
  await new Promise((done) => setTimeout(done, 0));
  return performance.now();
}

/** Runs `calls` calls of `op` with `inFlight` pending at once; returns calls per second. */
export async function measure(op: () => Promise<unknown>, inFlight: number, calls: number): Promise<number> {
  let left = calls;
  const worker = async (): Promise<void> => {
    while (left-- > 0) await op();
  };
  const start = await now();
  await Promise.all(Array.from({ length: Math.min(inFlight, calls) }, worker));
  return calls / (((await now()) - start) / 1000);
}

/** How many calls of `op` take about `ms` at `inFlight`: doubles a batch until it lasts 50 ms. */
export async function calibrate(op: () => Promise<unknown>, inFlight: number, ms: number): Promise<number> {
  let calls = inFlight;
  for (;;) {
    const start = await now();
    await measure(op, inFlight, calls);
    const took = (await now()) - start;
    if (took >= 50) return Math.max(inFlight, Math.round((calls * ms) / took));
    calls *= 2;
  }
}

/** Times `n` runs of a synchronous `fn`; returns microseconds per run. */
export async function timeSync(fn: (i: number) => unknown, n: number): Promise<number> {
  let sink: unknown;
  const start = await now();
  for (let i = 0; i < n; i++) sink = fn(i);
  const took = (await now()) - start;
  if (sink === Symbol.for('never')) throw new Error('unreachable');
  return (took * 1000) / n;
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export const min = (values: readonly number[]): number => Math.min(...values);
