import { ForbiddenError } from '../domain/errors';

/**
 * Who may do what (design §5, filling spec §6's gaps): one table, asked by route handlers
 * (`route({ allow })`), domain commands, pages and the navbar. Nothing else decides from role codes.
 *
 * An action here says a role may do a kind of thing at all; which rows it may do it to is the scope's
 * business (lib/auth/scope.ts): a retail admin approves changes of its own subsidiaries' vendors, a
 * supplier answers only its linked vendors' orders, and only where its link grants write.
 *
 * The supplier's own acts (answering orders, invoicing, delivery notes, marking its inbox read, its
 * catalogue uploads) belong to vendor roles only: retail and portal staff see and approve, they never
 * act in a supplier's name, whatever write grants they hold.
 */

export const ACTIONS = [
  // Any signed-in user.
  'documents.read', // open a document in scope: detail, audit trail, PDF
  'profile.rename', // change one's own user name
  'preferences.email', // one's own e-mail preferences
  // The supplier's inbox and its own acts.
  'inbox.read',
  'orders.respond',
  'documents.markRead',
  'invoices.submit',
  'deliverynotes.submit',
  // Retail and portal staff.
  'history.read',
  'history.act', // undismiss, mark outstanding, resend (and write on the document's subsidiary)
  'history.report',
  'users.read',
  'users.manage', // invite, edit, (de)activate, link vendors
  'users.activity',
  'users.reports', // vendor and customer reports
  'vendors.manage', // vendor data and B-BBEE certificates
  'items.read',
  'items.maintain', // uploads of the supplier's catalogue
  'pricing.read',
  'pricing.maintain',
  'changes.read',
  'changes.approve',
  'masterdata.read',
  'masterdata.approve',
  'masterdata.bankDetails', // see suppliers' bank details in master-data changes (those who approve them)
  'audit.read',
  'queue.manage', // the queue dashboard (Bull Board): see jobs, retry and remove failed ones (audited)
  'integrations.manage', // the retailer's systems' integrations and their API keys (issue 23)
] as const;
export type Action = (typeof ACTIONS)[number];

export const ROLE_CODES = ['c_admin', 'c_user', 'm2_admin', 'v_user', 'v_admin', 'm2_user'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

const EVERYONE: Action[] = ['documents.read', 'profile.rename', 'preferences.email'];
// A supplier's users read their vendors' catalogue (items and prices); its administrators change it.
const SUPPLIER: Action[] = [
  ...EVERYONE,
  'inbox.read',
  'orders.respond',
  'documents.markRead',
  'invoices.submit',
  'deliverynotes.submit',
  'items.read',
  'pricing.read',
];
const SUPPLIER_ADMIN: Action[] = [
  ...SUPPLIER,
  'items.maintain',
  'pricing.maintain',
  'vendors.manage',
  'users.read',
  'users.manage',
  'changes.read',
];
const RETAIL: Action[] = [
  ...EVERYONE,
  'history.read',
  'history.act',
  'history.report',
  'changes.read',
  'masterdata.read',
  'items.read',
  'pricing.read',
];
const APPROVER: Action[] = ['changes.approve', 'masterdata.approve', 'masterdata.bankDetails'];
const RETAIL_ADMIN: Action[] = [...RETAIL, 'users.read', 'users.manage', 'users.reports', ...APPROVER];
const PORTAL_STAFF: Action[] = [...RETAIL, 'users.activity', 'vendors.manage', ...APPROVER, 'audit.read'];
const PORTAL_ADMIN: Action[] = [...PORTAL_STAFF, 'users.read', 'users.manage', 'users.reports', 'integrations.manage', 'queue.manage'];

/** The table itself: role code → what it may do. */
export const ROLE_ACTIONS: Readonly<Record<RoleCode, ReadonlySet<Action>>> = {
  c_admin: new Set(RETAIL_ADMIN),
  c_user: new Set(RETAIL),
  m2_admin: new Set(PORTAL_ADMIN),
  m2_user: new Set(PORTAL_STAFF),
  v_admin: new Set(SUPPLIER_ADMIN),
  v_user: new Set(SUPPLIER),
};

export type RoleKind = 'internal' | 'customer' | 'vendor';

/** Spec §3: codes starting m2_ are internal, starting c_ are customer, containing v_ are vendor. */
export function roleKind(code: string): RoleKind {
  if (code.startsWith('m2_')) return 'internal';
  if (code.startsWith('c_')) return 'customer';
  if (code.includes('v_')) return 'vendor';
  throw new Error(`Unknown role code ${code}`);
}

/** A role outside the table (a custom code) gets the plain role of its kind, never an admin's rights. */
const PLAIN_ROLE_OF_KIND: Record<RoleKind, RoleCode> = { internal: 'm2_user', customer: 'c_user', vendor: 'v_user' };

function actionsOf(roleCode: string): ReadonlySet<Action> {
  if ((ROLE_CODES as readonly string[]).includes(roleCode)) return ROLE_ACTIONS[roleCode as RoleCode];
  try {
    return ROLE_ACTIONS[PLAIN_ROLE_OF_KIND[roleKind(roleCode)]];
  } catch {
    return new Set();
  }
}

/** Whether a role may do this kind of thing at all. */
export function roleCan(roleCode: string, action: Action): boolean {
  return actionsOf(roleCode).has(action);
}

/** Whether a signed-in user may do this kind of thing at all (rows are the scope's business). */
export function can(actor: { roleCode: string }, action: Action): boolean {
  return roleCan(actor.roleCode, action);
}

/** Where a user lands after signing in: suppliers at their inbox, staff at the history. */
export function startPathFor(roleCode: string): string {
  return roleCan(roleCode, 'inbox.read') ? '/' : '/history';
}

export const NOT_ALLOWED = 'You do not have permission to do this.';

// The supplier's own acts say why they are refused: staff often expect to be able to act for a supplier.
const REFUSALS: Partial<Record<Action, string>> = {
  'orders.respond': 'Only the supplier’s own users may respond to its orders.',
  'documents.markRead': 'Only the supplier’s own users may mark its documents as read.',
  'invoices.submit': 'Only the supplier’s own users may submit its invoices and credit notes.',
  'deliverynotes.submit': 'Only the supplier’s own users may submit its delivery notes.',
  'items.maintain': 'Only the supplier’s own administrators may change its items.',
  'pricing.maintain': 'Only the supplier’s own administrators may change its prices.',
  'masterdata.approve': 'User does not have permissions',
};

/** The message a refusal of this action carries. */
export const refusalOf = (action: Action) => REFUSALS[action] ?? NOT_ALLOWED;

/** Throws ForbiddenError (403) unless the actor's role may do this: domain commands check it themselves. */
export function assertCan(actor: { roleCode: string }, action: Action): void {
  if (!can(actor, action)) throw new ForbiddenError(refusalOf(action));
}

/**
 * Who administers whom (issue 11, filling spec §6's gaps). Holding 'users.manage' lets a role administer
 * only the users this table reaches: the roles it may see, grant and edit, and through what. A retail
 * admin reaches the users of its own subsidiaries and grants only subsidiaries and rights it holds
 * itself; a supplier admin reaches the users of the vendors linked to it and links only those vendors;
 * the portal admin reaches everyone and resends any invitation. Each grants at most its own level, and
 * nobody deactivates, re-roles or unlinks themselves (lib/domain/users/reach.ts applies both).
 */
export type UserAdminReach = {
  /** Roles of the users it administers, and the only roles it may give. */
  roles: readonly RoleCode[];
  /** What bounds the users it reaches and the grants it gives. */
  through: 'all' | 'subsidiaries' | 'vendors';
  /** Resends invitations of users it did not invite itself. */
  resendsAnyInvitation: boolean;
};

export const USER_ADMIN_REACH: Readonly<Partial<Record<RoleCode, UserAdminReach>>> = {
  m2_admin: { roles: ROLE_CODES, through: 'all', resendsAnyInvitation: true },
  c_admin: { roles: ['c_admin', 'c_user'], through: 'subsidiaries', resendsAnyInvitation: false },
  v_admin: { roles: ['v_admin', 'v_user'], through: 'vendors', resendsAnyInvitation: false },
};

/** The users this role administers; null when it administers none. */
export function userAdminReachOf(roleCode: string): UserAdminReach | null {
  return roleCan(roleCode, 'users.manage') ? (USER_ADMIN_REACH[roleCode as RoleCode] ?? null) : null;
}
