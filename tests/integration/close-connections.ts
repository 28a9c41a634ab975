import { closeQueue } from '@/jobs/queue';

// A test file reaches the queue directly, or through web code that nudges the outbox relay, and so opens
// a Redis connection that would keep the run alive after its last file. Each file closes it when done
// (a no-op when the file never opened it, or closed it itself).
afterAll(async () => {
  await closeQueue();
});
