import { z } from 'zod';
import { pageParam, pageSizeParam } from '../paging';
import { sortParams } from '../sorting';
import { isoDate } from '../query-text';
import { MAX_ID } from '../users/schemas';
import { CERTIFICATE_STATUSES, type CertificateStatus } from './certificate';

/** Spec §3's page of 20 when the request names no page size. */
export const MANAGED_VENDORS_PER_PAGE = 20;
/** The columns the vendor list sorts by on the server (lib/domain/sorting.ts); none means by code. */
export const MANAGED_VENDOR_SORT_KEYS = ['code', 'name', 'bbbee_expiry'] as const;

/** GET /vendors/user: the vendors the actor manages, by code, name and certificate status. */
export const managedVendorFilterSchema = z.object({
  code: z.string().trim().max(50, 'code is too long.').optional(),
  name: z.string().trim().max(100, 'name is too long.').optional(),
  certificate: z
    .enum(CERTIFICATE_STATUSES as [CertificateStatus, ...CertificateStatus[]], { message: 'Unknown certificate status.' })
    .optional(),
  page: pageParam(),
  pageLimit: pageSizeParam('pageLimit', MANAGED_VENDORS_PER_PAGE, 250),
  ...sortParams(MANAGED_VENDOR_SORT_KEYS),
});
export type ManagedVendorFilter = z.infer<typeof managedVendorFilterSchema>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();

/** The editable vendor data (db/schema/vendors.ts VendorData), with the certificate's level and expiry. */
export const vendordataSchema = z
  .object({
    registrationNumber: text(40),
    vatNumber: text(20),
    contactName: text(120),
    contactEmail: z.string().trim().max(200).email('The contact e-mail must be a valid e-mail address.').optional().or(z.literal('')),
    contactPhone: text(40),
    address: text(300),
    bank: z
      .object({ name: text(80), account: text(30), branchCode: text(20) })
      .strict()
      .optional(),
    bbbeeLevel: z.coerce
      .number({ message: 'The B-BBEE level must be 1 to 8.' })
      .int('The B-BBEE level must be 1 to 8.')
      .min(1, 'The B-BBEE level must be 1 to 8.')
      .max(8, 'The B-BBEE level must be 1 to 8.')
      .optional(),
    bbbeeExpiry: isoDate('The B-BBEE expiry date').optional(),
  })
  .strict();
export type Vendordata = z.infer<typeof vendordataSchema>;

const vendorSchema = z.object({
  id: z.coerce
    .number({ message: 'The vendor id must be a number.' })
    .int('The vendor id must be a number.')
    .min(1, 'The vendor id must be a number.')
    .max(MAX_ID, 'The vendor id must be a number.'),
  vendordata: vendordataSchema,
});

/** POST /vendors/update: `vendor` is JSON text ({id, vendordata}) beside the optional bbbee_file. */
export const vendorUpdateFormSchema = z.object({
  vendor: z
    .string({ message: 'The vendor field is required.' })
    .transform((textValue, ctx) => {
      try {
        return JSON.parse(textValue) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The vendor field must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(vendorSchema),
});
export type VendorUpdateForm = z.infer<typeof vendorUpdateFormSchema>;

/** The certificate file: a PDF or an image, recognised by its content, at most 5 MB. */
export const BBBEE_FILE_RULE = { kinds: ['pdf', 'png', 'jpeg'] as const, maxBytes: 5 * 1024 * 1024 };
