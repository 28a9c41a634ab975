/**
 * Runs once when a web process starts, before it answers any request (whichever server runs Next:
 * server/main.ts, the image's standalone server.js, next dev): refuses to serve in production with a
 * public or short session secret, starts recording each request's socket address
 * (lib/net/peer-address.ts), registers the gauges /metrics reads (lib/observability/portal-gauges.ts), and
 * says where its queue is (jobs/queue.ts decides and logs), so the web's
 * choice shows at start as the worker's does, not at the first e-mail.
 */
export async function register(): Promise<void> {
  // Next's documented runtime check (inlined at build time): the queue is Node-only, never in the edge proxy.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { productionSecretProblem } = await import('./lib/env');
  const secretProblem = productionSecretProblem();
  if (secretProblem) {
    console.error(`Not starting: ${secretProblem}`);
    process.exit(1);
  }
  const { capturePeerAddresses } = await import('./lib/net/peer-address');
  capturePeerAddresses();
  const { registerPortalGauges } = await import('./lib/observability/portal-gauges');
  registerPortalGauges();
  const { chooseQueueBackend } = await import('./jobs/queue');
  await chooseQueueBackend();
}
