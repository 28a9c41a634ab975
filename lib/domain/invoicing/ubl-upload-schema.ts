import { z } from 'zod';

/** POST /invoices/ubl: the form's text fields beside the file (docs/api.md). */

/** A UBL invoice is a few kilobytes per line: 5 MB holds thousands of lines; a bigger request is refused (413). */
export const UBL_MAX_BYTES = 5 * 1024 * 1024;

const flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'Must be 0 or 1.' })
  .transform((v) => (v === '1' || v === 'true' ? (1 as const) : (0 as const)))
  .default(0);

export const uploadUblSchema = z.object({
  tinyMce: z.string({ message: 'tinyMce (the order) is required.' }).trim().min(1, 'tinyMce (the order) is required.').max(100),
  preview: flag,
  toFollow: flag,
  deliveryAddressCode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().max(50, 'The delivery address code may be at most 50 characters.').optional(),
  ),
});
export type UploadUbl = z.infer<typeof uploadUblSchema>;
