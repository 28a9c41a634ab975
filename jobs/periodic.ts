/**
 * Work the worker does on a timer rather than for an outbox row (the B-BBEE expiry sweep, webhook deliveries). Each task
 * must be safe to run on several workers at once and again after a crash: it writes what it did in the
 * same transaction as its effects. Answers a stop function that waits for a run in progress.
 */
export function startPeriodic(name: string, task: () => Promise<unknown>, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let isRunning = false;
  const run = () => {
    // A run longer than the interval (webhooks waiting on slow receivers) is not joined by a second one.
    if (isRunning) return;
    isRunning = true;
    running = task()
      .catch((error: unknown) => console.error(`[worker] ${name} failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        isRunning = false;
      });
  };
  // The first run comes after one interval: a worker restarting in a loop does not sweep each time.
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
