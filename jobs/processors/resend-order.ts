import { UnrecoverableError } from 'bullmq';
import { renderEmail } from '../../emails';
import { NotFoundError } from '../../lib/domain/errors';
import { pdfFileName } from '../../lib/domain/documents/document-pdf';
import { loadPdfInput } from '../../lib/domain/documents/pdf-input';
import { renderDocumentPdf } from '../../lib/exports/document-pdf';
import { CONTENT_TYPES } from '../../lib/files/file-kind';
import { resendOrderPayloadSchema, type ResendOrderPayload } from '../definitions';
import { jobActorOf } from '../job-actor';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';
import { sendMailWithAttachments } from '../send-job-mail';

/**
 * E-mails one order with its PDF to one vendor user. The PDF is loaded under the recipient's own
 * scope: a user unlinked from the vendor since the resend was asked for gets nothing (the row fails).
 */
export const resendOrderJob: OutboxJobDefinition<ResendOrderPayload, void> = {
  schema: resendOrderPayloadSchema,
  async run({ xdocId, userId, requestedBy }, context) {
    const recipient = await jobActorOf(userId);
    const input = await loadPdfInput(recipient.scope, String(xdocId)).catch((error: unknown) => {
      // No longer theirs to see (unlinked since, or the order is gone): waiting will not change that.
      throw error instanceof NotFoundError ? new UnrecoverableError(`order ${xdocId} is not visible to user ${userId}`) : error;
    });
    const { docno } = input;
    const mail = renderEmail('notification', {
      subject: `Order ${docno}`,
      lines: [`Hello ${recipient.name},`, `${requestedBy} has resent order ${docno} to you. The order is attached as a PDF.`],
    });
    await sendMailWithAttachments(context, { to: recipient.email, ...mail }, [
      { filename: pdfFileName(docno), contentType: CONTENT_TYPES.pdf, content: await renderDocumentPdf(input) },
    ]);
  },
};

export const resendOrderProcessor = outboxProcessor(resendOrderJob);
