/**
 * The worker's Node flags: a heap budget. Its jobs stream (uploads row by row, workbooks and reports a batch at a
 * time), so what they hold alive is small; without a budget V8 lets the garbage of a long job grow to a few hundred
 * MB before it collects (a 50,000-row pricing upload peaked at 325 MB RSS; with this budget at 187 MB, as fast; see
 * docs/benchmarks.md). The same flags stand in package.json's `worker` script, the Dockerfile's worker image and
 * docker-compose.yml, which tests/deploy/compose.test.ts holds to these.
 */
export const WORKER_NODE_FLAGS = ['--max-old-space-size=160'];
