import { UnrecoverableError } from 'bullmq';
import { messageIdFor, renderEmail, sendMail } from '../../emails';
import { NotFoundError } from '../../lib/domain/errors';
import { pdfFileName } from '../../lib/domain/documents/document-pdf';
import { loadPdfInput } from '../../lib/domain/documents/pdf-input';
import { renderDocumentPdf } from '../../lib/exports/document-pdf';
import { actorOfUser } from '../actor-of';
import { resendOrderPayloadSchema, type ResendOrderPayload } from '../definitions';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';

/**
 * E-mails one order with its PDF to one vendor user. The PDF is loaded under the recipient's own
 * scope: a user unlinked from the vendor since the resend was asked for gets nothing (the row fails).
 */
export const resendOrderJob: OutboxJobDefinition<ResendOrderPayload, void> = {
  schema: resendOrderPayloadSchema,
  async run({ xdocId, userId, requestedBy }, { effectKey }) {
    const recipient = await actorOfUser(userId);
    const input = await loadPdfInput(recipient.scope, String(xdocId)).catch((error: unknown) => {
      // No longer theirs to see (unlinked since, or the order is gone): waiting will not change that.
      throw error instanceof NotFoundError ? new UnrecoverableError(`order ${xdocId} is not visible to user ${userId}`) : error;
    });
    const { docno } = input;
    const mail = renderEmail('notification', {
      subject: `Order ${docno}`,
      lines: [`Hello ${recipient.name},`, `${requestedBy} has resent order ${docno} to you. The order is attached as a PDF.`],
    });
    await sendMail({
      to: recipient.email,
      ...mail,
      messageId: messageIdFor(effectKey),
      attachments: [{ filename: pdfFileName(docno), contentType: 'application/pdf', content: await renderDocumentPdf(input) }],
    });
  },
};

export const resendOrderProcessor = outboxProcessor(resendOrderJob);
