import { DEMO_ACCOUNTS } from '@/db/seed/demo-accounts';
import { pool } from '@/db/client';
import * as usersRoute from '@/app/api/users/route';
import * as userRoute from '@/app/api/users/[id]/route';
import * as roles from '@/app/api/users/roles/route';
import * as customers from '@/app/api/users/customers/route';
import * as restore from '@/app/api/users/restore/[id]/route';
import * as sendInvitation from '@/app/api/users/[id]/send-invitation/route';
import * as userVendors from '@/app/api/users/[id]/vendors/[vendorId]/route';
import * as link from '@/app/api/users/[id]/vendors/[vendorId]/link/route';
import * as unlink from '@/app/api/users/[id]/vendors/[vendorId]/unlink/route';
import * as activity from '@/app/api/users/activity/route';
import * as vendorReport from '@/app/api/users/vendorreport/route';
import * as customerReport from '@/app/api/users/customerreport/route';
import * as prefs from '@/app/api/users/preferences/email/route';
import * as prefSettings from '@/app/api/users/preferences/email/settings/route';
import * as managedVendors from '@/app/api/vendors/user/route';
import { callAs } from '../support/users';

/**
 * The permission table of issue 11, tried on every endpoint by every demo role: the roles it names get
 * past the permission check (whatever the target then answers), every other role gets 403 with a message.
 * Targets are ids that do not exist, so an allowed call changes nothing.
 */
const NO_USER = { id: '999999' };
const ADMINS = ['m2_admin', 'c_admin', 'v_admin'];
const REPORTERS = ['m2_admin', 'c_admin'];
const EVERYONE = DEMO_ACCOUNTS.map((a) => a.role);

type Case = { name: string; call: (as: string) => ReturnType<typeof callAs>; allowed: string[] };

const CASES: Case[] = [
  { name: 'GET /users', call: (as) => callAs(as, usersRoute.GET, '/users'), allowed: ADMINS },
  { name: 'POST /users', call: (as) => callAs(as, usersRoute.POST, '/users', { method: 'POST', body: {} }), allowed: ADMINS },
  { name: 'GET /users/roles', call: (as) => callAs(as, roles.GET, '/users/roles'), allowed: ADMINS },
  { name: 'GET /users/customers', call: (as) => callAs(as, customers.GET, '/users/customers'), allowed: ADMINS },
  {
    name: 'PUT /users/{id} (user form)',
    call: (as) =>
      callAs(as, userRoute.PUT, '/users/999999', { method: 'PUT', params: NO_USER, body: { name: 'X', email: 'x@x.test', role_id: 4 } }),
    allowed: ADMINS,
  },
  {
    name: 'DELETE /users/{id}',
    call: (as) => callAs(as, userRoute.DELETE, '/users/999999', { method: 'DELETE', params: NO_USER }),
    allowed: ADMINS,
  },
  {
    name: 'POST /users/restore/{id}',
    call: (as) => callAs(as, restore.POST, '/users/restore/999999', { method: 'POST', params: NO_USER }),
    allowed: ADMINS,
  },
  {
    name: 'POST /users/{id}/send-invitation',
    call: (as) => callAs(as, sendInvitation.POST, '/users/999999/send-invitation', { method: 'POST', params: NO_USER }),
    allowed: ADMINS,
  },
  {
    name: 'GET /users/{id}/vendors/linked',
    call: (as) => callAs(as, userVendors.GET, '/users/999999/vendors/linked', { params: { ...NO_USER, vendorId: 'linked' } }),
    allowed: ADMINS,
  },
  {
    name: 'POST /users/{id}/vendors/{vendorId}/link',
    call: (as) => callAs(as, link.POST, '/users/999999/vendors/1/link', { method: 'POST', params: { ...NO_USER, vendorId: '1' } }),
    allowed: ADMINS,
  },
  {
    name: 'DELETE /users/{id}/vendors/{vendorId}/unlink',
    call: (as) => callAs(as, unlink.DELETE, '/users/999999/vendors/1/unlink', { method: 'DELETE', params: { ...NO_USER, vendorId: '1' } }),
    allowed: ADMINS,
  },
  {
    name: 'GET /users/activity',
    call: (as) => callAs(as, activity.GET, '/users/activity?activity=nothing'),
    allowed: ['m2_admin', 'm2_user'],
  },
  { name: 'GET /users/customerreport', call: (as) => callAs(as, customerReport.GET, '/users/customerreport'), allowed: REPORTERS },
  // The vendor report is only tried by refused roles here (an allowed call would queue a report): see reports.test.ts.
  { name: 'GET /users/vendorreport', call: (as) => callAs(as, vendorReport.GET, '/users/vendorreport'), allowed: REPORTERS },
  {
    name: 'PUT /users/preferences/email',
    call: (as) => callAs(as, prefs.PUT, '/users/preferences/email', { method: 'PUT', body: { codes: ['no-such-code'], disabled: true } }),
    allowed: EVERYONE,
  },
  {
    name: 'GET /users/preferences/email/settings',
    call: (as) => callAs(as, prefSettings.GET, '/users/preferences/email/settings'),
    allowed: EVERYONE,
  },
  {
    name: 'GET /vendors/user',
    call: (as) => callAs(as, managedVendors.GET, '/vendors/user?page=1'),
    allowed: ['m2_admin', 'm2_user', 'v_admin'],
  },
];

afterAll(() => pool.end());

describe.each(CASES)('$name', ({ call, allowed, name }) => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a.email] as const))('as %s', async (role, email) => {
    if (name === 'GET /users/vendorreport' && allowed.includes(role)) return;
    const { status, json } = await call(email);
    if (allowed.includes(role)) {
      expect(status).not.toBe(403);
      expect(status).toBeLessThan(500);
    } else {
      expect(status).toBe(403);
      expect(json.message).toEqual(expect.any(String));
    }
  });
});
