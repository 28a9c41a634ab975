import { pool, setBackgroundSessions } from '../db/client';
import { serveParent } from './child-job';
import { processOutboxRow } from './outbox-job';
import { catalogueUploadJob } from './processors/catalogue-upload';

/**
 * A child process of the worker that reads one catalogue upload (jobs/processors/catalogue-upload.ts):
 * `upload-child <outboxId> <final|retry>`. It runs the job's whole outbox row, transaction and all, within
 * the heap limit the worker gave it.
 */
const [outboxId, attempt] = process.argv.slice(2);
// As the worker's own: the job holds its outbox row's transaction while it reads the file (db/client.ts).
setBackgroundSessions();
void serveParent(
  () => processOutboxRow(Number(outboxId), catalogueUploadJob, { isFinalAttempt: attempt === 'final' }),
  () => pool.end(),
);
