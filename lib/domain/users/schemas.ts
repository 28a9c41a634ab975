import { z } from 'zod';
import { DEFAULT_ROLE_ID } from '../../auth/roles';
import { intText, escapeLike } from '../query-text';
import { pageParam, pageSizeParam } from '../paging';
import { sortParams } from '../sorting';
import { idParam, MAX_ID } from '../ids';

export { escapeLike, idParam, MAX_ID };

/** An id in a JSON body: a whole number from 1 within an integer column's range. */
const idValue = (message: string) => z.coerce.number({ message }).int(message).min(1, message).max(MAX_ID, message);

export const SUBSIDIARY_REQUIRED = 'At least one subsidiary has to be selected';
/** Spec §5: role ids 1 and 2 (c_admin, c_user) need a subsidiary. */
export const ROLES_NEEDING_SUBSIDIARY = [1, 2];

/** The administration lists' page size when the request names none (spec §3: pages of 20). */
export const ADMIN_PAGE_SIZE = 20;

/** The columns the user lists sort by on the server (lib/domain/sorting.ts); none means by name. */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'last_login'] as const;
/** The columns a user's vendors sort by; none means by code. */
export const USER_VENDOR_SORT_KEYS = ['code', 'name'] as const;

/** Spec §3 user list filter: active defaults to true; with a page size and a sort of our own (issue 26). */
export const userFilterSchema = z.object({
  active: z.enum(['true', 'false', '1', '0'], { message: 'active must be true or false.' }).default('true'),
  search: z.string().trim().max(100, 'search is too long.').optional(),
  vendorCode: z.string().trim().max(50, 'vendorCode is too long.').optional(),
  role_id: intText('role_id', { max: 1000 }).optional(),
  page: pageParam(),
  pageLimit: pageSizeParam('pageLimit', ADMIN_PAGE_SIZE, 250),
  ...sortParams(USER_SORT_KEYS),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

/** The vendor-linking view's choice of supplier user: by any part of name or e-mail, paged. */
export const linkableUsersQuerySchema = userFilterSchema.pick({ search: true, page: true, pageLimit: true, sort: true, direction: true });
export type LinkableUsersQuery = z.infer<typeof linkableUsersQuerySchema>;

const flag = z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')]);
const isOn = (v: z.infer<typeof flag> | undefined) => v === true || v === 1 || v === '1' || v === 'true';

const customerSchema = z.object({
  customer_id: idValue('customer_id must be a number.'),
  read: flag.optional(),
  write: flag.optional(),
});

/**
 * The user form of spec §3 and §5: name, e-mail and role, the subsidiaries (customers) and the
 * per-subsidiary `{id}read` / `{id}write` flags. Write implies read; a subsidiary listed without flags
 * is read-only. `deleted_at: null` on an inactive user reactivates it (spec §4).
 */
export const userFormSchema = z
  .object({
    name: z
      .string({ message: 'The name field is required.' })
      .trim()
      .min(1, 'The name field is required.')
      .max(120, 'The name may be at most 120 characters.'),
    email: z
      .string({ message: 'The email field is required.' })
      .trim()
      .toLowerCase()
      .min(1, 'The email field is required.')
      .max(200, 'The email may be at most 200 characters.')
      .email('The email must be a valid email address.'),
    role_id: idValue('The role field is required.').default(DEFAULT_ROLE_ID),
    customers: z.array(customerSchema).max(500, 'Too many subsidiaries.').default([]),
    deleted_at: z.null().optional(),
  })
  .catchall(z.unknown())
  .transform((input, ctx) => {
    const grants = new Map<number, { subsidiaryId: number; canRead: boolean; canWrite: boolean }>();
    for (const c of input.customers) {
      const write = isOn(c.write) || isOn(flagOf(input, `${c.customer_id}write`));
      const read = write || isOn(c.read) || isOn(flagOf(input, `${c.customer_id}read`)) || (c.read === undefined && c.write === undefined);
      grants.set(c.customer_id, { subsidiaryId: c.customer_id, canRead: read, canWrite: write });
    }
    if (ROLES_NEEDING_SUBSIDIARY.includes(input.role_id) && grants.size === 0)
      ctx.addIssue({ code: 'custom', path: ['customers'], message: SUBSIDIARY_REQUIRED });
    return {
      name: input.name,
      email: input.email,
      roleId: input.role_id,
      subsidiaries: [...grants.values()],
      reactivate: input.deleted_at === null,
    };
  });
export type UserForm = z.output<typeof userFormSchema>;

function flagOf(input: Record<string, unknown>, key: string) {
  const parsed = flag.safeParse(input[key]);
  return parsed.success ? parsed.data : undefined;
}

export const userIdParams = z.object({ id: idParam('The user id must be a number.') });

/** `vendorId` of the link paths: one id or a comma-joined list (bulk). */
export const vendorIdsText = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,499}$/, 'vendorId must be a vendor id or a comma-joined list of them.')
  .transform((text) => [...new Set(text.split(',').map(Number))]);

export const linkParams = userIdParams.extend({ vendorId: vendorIdsText });

/**
 * The body of a link request: whether the link grants write (answering orders, invoicing). Read only
 * when left out; write needs write on the vendor by the linking admin itself (issue 29).
 */
export const linkAccessSchema = z
  .object({
    write: z
      .unknown()
      .refine((v) => flag.safeParse(v).success, 'write must be true or false.')
      .optional(),
  })
  .transform((body) => ({ write: isOn(flagOf(body, 'write')) }));
export type LinkAccess = z.output<typeof linkAccessSchema>;

export const userVendorsParams = userIdParams.extend({ which: z.enum(['linked', 'unlinked'], { message: 'Choose linked or unlinked.' }) });

export const userVendorsQuerySchema = z.object({
  page: pageParam(),
  pageLimit: pageSizeParam('pageLimit', ADMIN_PAGE_SIZE, 250),
  ...sortParams(USER_VENDOR_SORT_KEYS),
  code: z.string().trim().max(50, 'code is too long.').optional(),
  name: z.string().trim().max(100, 'name is too long.').optional(),
});
