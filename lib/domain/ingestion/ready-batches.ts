const IDLE = Symbol('idle');

/** `promise`, or IDLE when it has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof IDLE> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<typeof IDLE>((resolve) => (timer = setTimeout(() => resolve(IDLE), ms)));
  return Promise.race([promise, idle]).finally(() => clearTimeout(timer));
}

/**
 * Groups what `source` yields into batches of what is at hand: a batch ends when the next item does not
 * fit it (`fits`, asked afresh for every batch: its first item always fits) or when no next item arrives
 * within `idleMs`, so a sender that waits for an answer before sending more gets it, while a sender that
 * streams a big file gets full batches. Items are never reordered.
 */
export async function* readyBatches<T>(
  source: AsyncIterable<T>,
  newBatch: () => (next: T) => boolean,
  idleMs: number,
): AsyncGenerator<T[]> {
  const items = source[Symbol.asyncIterator]();
  let pending = items.next();
  let batch: T[] = [];
  let fits = newBatch();
  const cut = () => {
    const full = batch;
    batch = [];
    fits = newBatch();
    return full;
  };
  try {
    for (;;) {
      const next = batch.length ? await within(pending, idleMs) : await pending;
      if (next === IDLE) {
        yield cut();
        continue;
      }
      if (next.done) break;
      if (batch.length && !fits(next.value)) yield cut();
      if (!batch.length) fits(next.value);
      batch.push(next.value);
      pending = items.next();
    }
    if (batch.length) yield cut();
  } finally {
    // Left early (the client went away): the read under way may still fail, and nobody waits for it.
    pending.catch(() => undefined);
    void items.return?.(undefined)?.catch(() => undefined);
  }
}
