// Integration tests run against their own database so they never touch demo data.
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/portal_test';
// Several checkouts may test at once on one Redis: each can take its own queue prefix.
process.env.QUEUE_PREFIX = process.env.TEST_QUEUE_PREFIX ?? 'portal-test';
process.env.NEXTAUTH_SECRET = 'integration-test-secret-0123456789';
// CI tests the queue on the real Redis; `QUEUE_BACKEND=postgres` runs the same suites on BullMQ's PostgreSQL backend.
process.env.QUEUE_BACKEND ??= 'redis';
