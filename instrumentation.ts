/**
 * Runs once when a web process starts: says where its queue is (jobs/queue.ts decides and logs), so the
 * web's choice shows at start as the worker's does, not at the first e-mail.
 */
export async function register(): Promise<void> {
  // Next's documented runtime check (inlined at build time): the queue is Node-only, never in the edge proxy.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { chooseQueueBackend } = await import('./jobs/queue');
  await chooseQueueBackend();
}
