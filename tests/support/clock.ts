/**
 * Runs `run` with only the clock moved to `now` (`Date` and `Date.now()`): timers, microtasks and the event loop
 * stay real, so a database client, React and a user-event click still work. The real clock is back afterwards.
 */
export async function atClock<T>(now: number | Date, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  try {
    return await run();
  } finally {
    jest.useRealTimers();
  }
}
