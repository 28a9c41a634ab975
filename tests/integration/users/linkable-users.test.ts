import { pool } from '@/db/client';
import { listLinkableUsers } from '@/lib/domain/users/queries';
import { actorFor } from '../support/actors';

/**
 * The vendor-linking view's choice of user (issue 27 point 4, spec §6): active supplier users the
 * administrator reaches, never itself, searchable by name or e-mail.
 */
afterAll(async () => {
  await pool.end();
});

const emailsOf = (page: { data: { email: string }[] }) => page.data.map((u) => u.email);

describe('listLinkableUsers', () => {
  it('offers the portal admin active supplier users only, with their role names', async () => {
    const page = await listLinkableUsers(await actorFor('admin@portal.test'), { page: 1, search: 'durbanspice' });
    expect(emailsOf(page).sort()).toEqual(['naledi.khumalo@durbanspice.test', 'sipho.dlamini@durbanspice.test']);
    expect(page.data.map((u) => u.role.name).sort()).toEqual(['Supplier Administrator', 'Supplier User']);
    const all = await listLinkableUsers(await actorFor('admin@portal.test'), { page: 1 });
    expect(all.total).toBeGreaterThan(0);
    expect(all.data.every((u) => !u.deleted_at && /v_/.test(u.role.code) && !/^(c_|m2_)/.test(u.role.code))).toBe(true);
  });

  it('leaves out inactive supplier users and retail or portal users', async () => {
    const admin = await actorFor('admin@portal.test');
    expect(emailsOf(await listLinkableUsers(admin, { page: 1, search: 'ahmed.patel' }))).toEqual([]);
    expect(emailsOf(await listLinkableUsers(admin, { page: 1, search: 'retail.user@portal.test' }))).toEqual([]);
    expect(emailsOf(await listLinkableUsers(admin, { page: 1, search: 'staff@portal.test' }))).toEqual([]);
  });

  it('never offers the administrator itself, and a supplier admin only the users it reaches', async () => {
    const supplierAdmin = await actorFor('sipho.dlamini@durbanspice.test');
    const page = await listLinkableUsers(supplierAdmin, { page: 1 });
    expect(emailsOf(page)).not.toContain('sipho.dlamini@durbanspice.test');
    expect(emailsOf(page)).toContain('naledi.khumalo@durbanspice.test');
    expect(emailsOf(page)).not.toContain('anele.mthembu@umgeni.test');
  });
});
