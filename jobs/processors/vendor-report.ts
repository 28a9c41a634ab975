import { notificationEmail } from '../../emails/templates/notification';
import { buildVendorReport, VENDOR_REPORT_FILE } from '../../lib/domain/vendors/vendor-report';
import { CONTENT_TYPES } from '../../lib/files/file-kind';
import { vendorReportPayloadSchema, type VendorReportPayload } from '../definitions/vendor-report';
import { jobActorOf } from '../job-actor';
import { outboxProcessor, type OutboxJobDefinition } from '../outbox-job';
import { sendMailWithAttachments } from '../send-job-mail';

/**
 * Builds the vendor report for the user who asked, with that user's rights as they are now, and
 * e-mails it as an attachment; once per outbox row (outbox-job.ts). A user made inactive meanwhile gets nothing.
 */
export const vendorReportJob: OutboxJobDefinition<VendorReportPayload, void> = {
  schema: vendorReportPayloadSchema,
  async run({ userId }, context) {
    const actor = await jobActorOf(userId);
    const workbook = await buildVendorReport(actor);
    const email = notificationEmail({
      subject: 'Your vendor report',
      lines: [`Hello ${actor.name},`, `The vendor report you asked for is attached (${VENDOR_REPORT_FILE}).`],
    });
    await sendMailWithAttachments(context, { to: actor.email, ...email }, [
      { filename: VENDOR_REPORT_FILE, content: workbook, contentType: CONTENT_TYPES.xlsx },
    ]);
  },
};

export const vendorReportProcessor = outboxProcessor(vendorReportJob);
