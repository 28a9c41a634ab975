import { z } from 'zod';

export const VENDOR_REPORT = 'vendor-report';

/** Who asked: the report covers the vendors that user sees and goes to that user's address. */
export const vendorReportPayloadSchema = z.object({ userId: z.number().int().positive() });
export type VendorReportPayload = z.infer<typeof vendorReportPayloadSchema>;
