import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { renderEmail } from '../../emails';
import { historyReportSheet, REPORT_FILE_NAME } from '../../lib/domain/history/report-columns';
import { reportBatches } from '../../lib/domain/history/report-rows';
import { writeXlsx } from '../../lib/exports/xlsx';
import { CONTENT_TYPES } from '../../lib/files/file-kind';
import { historyReportPayloadSchema, type HistoryReportPayload } from '../definitions';
import { parseReportQuery } from '../definitions/history-report';
import { jobActorOf } from '../job-actor';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';
import { sendMailWithAttachments } from '../send-job-mail';

/**
 * The run's temporary directory, named after the job's effect. A worker killed half-way never reaches its
 * `finally`, leaving a half-written report behind: the retry, on this machine, removes it first. Only one run
 * of a row can be here at a time (the outbox row's lock), so a directory of this job is always a dead run's.
 */
async function freshDirFor(effectKey: string): Promise<string> {
  const prefix = `portal-report-${effectKey}-`;
  const tmp = os.tmpdir();
  for (const name of await readdir(tmp)) if (name.startsWith(prefix)) await rm(path.join(tmp, name), { recursive: true, force: true });
  return mkdtemp(path.join(tmp, prefix));
}

/**
 * Builds a large portal_report.xlsx under the requester's current scope, streamed from the database
 * cursor into a temporary file (never whole in memory), and e-mails it as an attachment; the file is
 * removed afterwards, sent or not. A user gone or inactive cannot be served: no retries.
 */
export const historyReportJob: OutboxJobDefinition<HistoryReportPayload, { rows: number }> = {
  schema: historyReportPayloadSchema,
  async run({ userId, query }, context) {
    const actor = await jobActorOf(userId);
    const dir = await freshDirFor(context.effectKey);
    try {
      const file = path.join(dir, REPORT_FILE_NAME);
      const out = createWriteStream(file);
      const rows = await writeXlsx([historyReportSheet(await reportBatches(actor.scope, parseReportQuery(query)))], out);
      await finished(out);
      const mail = renderEmail('notification', {
        subject: 'Your portal report',
        lines: [`Hello ${actor.name},`, `Your portal report (${rows} documents) is attached.`],
      });
      await sendMailWithAttachments(context, { to: actor.email, ...mail }, [
        { filename: REPORT_FILE_NAME, contentType: CONTENT_TYPES.xlsx, path: file },
      ]);
      return { rows };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export const historyReportProcessor = outboxProcessor(historyReportJob);
