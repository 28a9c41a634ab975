import { eq } from 'drizzle-orm';
import { UnrecoverableError } from 'bullmq';
import { users } from '../../db/schema';
import { messageIdFor, sendMail } from '../../emails';
import { notificationEmail } from '../../emails/templates/notification';
import { loadActor } from '../../lib/auth/actor';
import { buildVendorReport, VENDOR_REPORT_FILE } from '../../lib/domain/vendors/vendor-report';
import { XLSX_CONTENT_TYPE } from '../../lib/exports/xlsx-stream';
import { vendorReportPayloadSchema, type VendorReportPayload } from '../definitions/vendor-report';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';

/**
 * Builds the vendor report for the user who asked, with that user's rights as they are now, and
 * e-mails it as an attachment; once per outbox row (outbox-job.ts). A user made inactive meanwhile gets nothing.
 */
export const vendorReportJob: OutboxJobDefinition<VendorReportPayload, void> = {
  schema: vendorReportPayloadSchema,
  async run({ userId }, { tx, effectKey }) {
    const [user] = await tx.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, userId));
    const actor = user && (await loadActor(userId, user.sessionVersion));
    if (!actor) throw new UnrecoverableError(`user ${userId} is not an active user`);
    const workbook = await buildVendorReport(actor);
    const email = notificationEmail({
      subject: 'Your vendor report',
      lines: [`Hello ${actor.name},`, `The vendor report you asked for is attached (${VENDOR_REPORT_FILE}).`],
    });
    await sendMail({
      to: actor.email,
      ...email,
      messageId: messageIdFor(effectKey),
      attachments: [{ filename: VENDOR_REPORT_FILE, content: workbook, contentType: XLSX_CONTENT_TYPE }],
    });
  },
};

export const vendorReportProcessor = outboxProcessor(vendorReportJob);
