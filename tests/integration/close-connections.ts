// jest.config.mjs gives the integration project `testTimeout: 30000`, but Jest reads that option only at
// the top level, not per project, so tests and hooks got the 5 s default and a loaded machine failed them.
jest.setTimeout(30_000);

// A test file reaches the queue directly, or through web code that nudges the outbox relay, and so opens
// a Redis connection that would keep the run alive after its last file. Each file closes it when done
// (a no-op when the file never opened it, or closed it itself). Imported only then: loading the queue
// module loads lib/env, and some files set the environment (SMTP_URL) before they load it themselves.
afterAll(async () => {
  const { closeQueue } = await import('@/jobs/queue');
  await closeQueue();
});
