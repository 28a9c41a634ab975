import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { messageIdFor, renderEmail, sendMail } from '../../emails';
import { REPORT_FILE_NAME, writeHistoryReport, XLSX_CONTENT_TYPE } from '../../lib/exports/history-report-xlsx';
import { reportBatches } from '../../lib/domain/history/report-rows';
import { actorOfUser } from '../actor-of';
import { historyReportPayloadSchema, type HistoryReportPayload } from '../definitions';
import { parseReportQuery } from '../definitions/history-report';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';

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
 * removed afterwards, sent or not.
 */
export const historyReportJob: OutboxJobDefinition<HistoryReportPayload, { rows: number }> = {
  schema: historyReportPayloadSchema,
  async run({ userId, query }, { effectKey }) {
    const actor = await actorOfUser(userId);
    const dir = await freshDirFor(effectKey);
    try {
      const file = path.join(dir, REPORT_FILE_NAME);
      const out = createWriteStream(file);
      const rows = await writeHistoryReport(await reportBatches(actor.scope, parseReportQuery(query)), out);
      await finished(out);
      const mail = renderEmail('notification', {
        subject: 'Your portal report',
        lines: [`Hello ${actor.name},`, `Your portal report (${rows} documents) is attached.`],
      });
      await sendMail({
        to: actor.email,
        ...mail,
        messageId: messageIdFor(effectKey),
        attachments: [{ filename: REPORT_FILE_NAME, contentType: XLSX_CONTENT_TYPE, path: file }],
      });
      return { rows };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

export const historyReportProcessor = outboxProcessor(historyReportJob);
