import ExcelJS from 'exceljs';
import { and, desc, eq, gt } from 'drizzle-orm';
import { db, pool } from '@/db/client';
import { declarations, masterdataChanges, uploadedFiles, userActivities, vendors } from '@/db/schema';
import * as declaration from '@/app/api/declaration/status/[id]/route';
import * as activity from '@/app/api/users/activity/route';
import * as logout from '@/app/api/logout/route';
import * as settings from '@/app/api/users/preferences/email/settings/route';
import * as prefs from '@/app/api/users/preferences/email/route';
import * as customerReport from '@/app/api/users/customerreport/route';
import * as managedVendors from '@/app/api/vendors/user/route';
import * as vendorUpdate from '@/app/api/vendors/update/route';
import { DECLARATION_VERSION, hasAcceptedDeclaration } from '@/lib/domain/users/declaration';
import { callRoute, sessionHeaders, userId } from '../support/actors';
import { vendorByCode } from '../support/fixtures';
import { callAs } from '../support/users';

afterAll(() => pool.end());

describe('declaration', () => {
  it('records who accepted which version when, once, and only for oneself', async () => {
    const email = 'thandi.nkosi@portal.test';
    const id = await userId(email);
    await db.delete(declarations).where(eq(declarations.userId, id));
    expect(await hasAcceptedDeclaration(id)).toBe(false);
    const other = await callAs(email, declaration.POST, '', { method: 'POST', params: { id: String(await userId('admin@portal.test')) } });
    expect(other.status).toBe(403);
    const { status, json, headers } = await callAs(email, declaration.POST, `/declaration/status/${id}`, {
      method: 'POST',
      params: { id: String(id) },
    });
    expect(status).toBe(200);
    expect(json.redirect).toBe('/');
    // The screen the browser goes to says so in its snackbar (a flash message, docs/api.md).
    expect(headers.get('set-cookie')).toMatch(/^flash=Declaration%20accepted; Path=\/; Max-Age=60;.*SameSite=Lax$/);
    expect(headers.get('set-cookie')).not.toContain('HttpOnly');
    await callAs(email, declaration.POST, `/declaration/status/${id}`, { method: 'POST', params: { id: String(id) } });
    const rows = await db.select().from(declarations).where(eq(declarations.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: DECLARATION_VERSION, status: 'accepted' });
    expect(await hasAcceptedDeclaration(id)).toBe(true);
  });
});

describe('user activity', () => {
  it('records sign-out with the address, and filters by activity, e-mail prefix and dates', async () => {
    const email = 'retail.user@portal.test';
    const headers = { ...(await sessionHeaders(email)), 'x-forwarded-for': '203.0.113.7' };
    expect((await callRoute(logout.POST, '/logout', { method: 'POST', headers, body: {} })).status).toBe(200);
    const [last] = await db
      .select()
      .from(userActivities)
      .where(eq(userActivities.userEmail, email))
      .orderBy(desc(userActivities.id))
      .limit(1);
    expect(last).toMatchObject({ activity: 'logout', ip: '203.0.113.7' });

    const today = new Date().toISOString().slice(0, 10);
    const page = await callAs(
      'staff@portal.test',
      activity.GET,
      `/users/activity?activity=logout&user_email=RETAIL.USER&date_from=${today}&date_to=${today}`,
    );
    expect(page.status).toBe(200);
    const rows = page.json.data as { user_email: string; activity: string; ip: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.activity === 'logout' && r.user_email.startsWith('retail.user'))).toBe(true);
    const before = await callAs('staff@portal.test', activity.GET, `/users/activity?user_email=retail.user&date_to=2026-11-17`);
    expect((before.json.data as unknown[]).length).toBe(0);
    const reversed = await callAs('staff@portal.test', activity.GET, '/users/activity?date_from=2026-11-20&date_to=2026-11-01');
    expect(reversed.status).toBe(422);
  });
});

describe('e-mail preferences', () => {
  it('lists every code and toggles a group of them', async () => {
    const email = 'retail.admin@portal.test';
    const before = (await callAs(email, settings.GET, '/users/preferences/email/settings')).json as unknown as {
      code: string;
      disabled: boolean;
    }[];
    expect(before.map((p) => p.code)).toEqual(expect.arrayContaining(['new-order', 'bbbee-expiry']));
    const toggled = await callAs(email, prefs.PUT, '/users/preferences/email', {
      method: 'PUT',
      body: { codes: ['new-remittance'], disabled: true },
    });
    expect(toggled.status).toBe(200);
    const after = (await callAs(email, settings.GET, '/users/preferences/email/settings')).json as unknown as {
      code: string;
      disabled: boolean;
    }[];
    expect(after.find((p) => p.code === 'new-remittance')?.disabled).toBe(true);
    const unknown = await callAs(email, prefs.PUT, '/users/preferences/email', {
      method: 'PUT',
      body: { codes: ['nope'], disabled: true },
    });
    expect(unknown.status).toBe(422);
  });
});

describe('customer report', () => {
  it('streams customer_report.xlsx with the retail users the admin reaches', async () => {
    const response = await callRoute(customerReport.GET, '/users/customerreport', {
      headers: await sessionHeaders('retail.admin@portal.test'),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('customer_report.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const emails: string[] = [];
    workbook.getWorksheet('Customers')!.eachRow((row, n) => n > 1 && emails.push(String(row.getCell(2).value)));
    expect(emails).toContain('retail.user@portal.test');
    expect(emails).not.toContain('pieter.vandermerwe@fynbos.test');
  });
});

describe('vendor management', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

  function multipart(vendor: unknown, file?: { bytes: Buffer; name: string; type: string }) {
    const form = new FormData();
    form.set('vendor', typeof vendor === 'string' ? vendor : JSON.stringify(vendor));
    if (file) form.set('bbbee_file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return form;
  }

  async function post(as: string, form: FormData) {
    const headers = await sessionHeaders(as);
    delete headers['content-type'];
    const response = await vendorUpdate.POST(new Request('http://localhost/vendors/update', { method: 'POST', headers, body: form }));
    return { status: response.status, json: await response.json() };
  }

  // The seed holds decided vendor.update records of its own: a test looks only at the ones made after it began.
  const lastChangeId = async () =>
    (await db.select({ id: masterdataChanges.id }).from(masterdataChanges).orderBy(desc(masterdataChanges.id)).limit(1))[0]?.id ?? 0;

  it('stores the certificate and a pending vendor.update change, leaving the vendor as it is', async () => {
    const vendor = await vendorByCode('V0002');
    const since = await lastChangeId();
    const { status, json } = await post(
      'staff@portal.test',
      multipart(
        { id: vendor.id, vendordata: { bbbeeLevel: 2, bbbeeExpiry: '2027-12-31' } },
        { bytes: PDF, name: 'cert.pdf', type: 'application/pdf' },
      ),
    );
    expect(status).toBe(200);
    expect(json.message).toBe('Submitted successfully');
    const [change] = await db
      .select()
      .from(masterdataChanges)
      .where(
        and(eq(masterdataChanges.vendorId, vendor.id), eq(masterdataChanges.eventType, 'vendor.update'), gt(masterdataChanges.id, since)),
      );
    expect(change).toMatchObject({ status: 'pending', requestedBy: await userId('staff@portal.test') });
    expect(change.newValues).toMatchObject({ bbbeeLevel: 2, bbbeeExpiry: '2027-12-31', bbbeeFileId: json.bbbee_file_id });
    const [file] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, json.bbbee_file_id));
    expect(file).toMatchObject({ purpose: 'bbbee', contentType: 'application/pdf' });
    expect((await vendorByCode('V0002')).vendordata).toEqual(vendor.vendordata);

    const again = await post('staff@portal.test', multipart({ id: vendor.id, vendordata: { bbbeeLevel: 3 } }));
    expect(again.status).toBe(409);
    const list = await callAs('staff@portal.test', managedVendors.GET, '/vendors/user?code=V0002');
    expect((list.json.vendors as { data: { pending_update: boolean }[] }).data[0].pending_update).toBe(true);
  });

  it('refuses a file that is not a PDF or image, bad data, and another supplier’s vendor', async () => {
    const v1 = await vendorByCode('V0001');
    const since = await lastChangeId();
    const fake = await post(
      'supplier@portal.test',
      multipart({ id: v1.id, vendordata: {} }, { bytes: Buffer.from('MZ not a pdf'), name: 'cert.pdf', type: 'application/pdf' }),
    );
    expect(fake.status).toBe(422);
    const level = await post('supplier@portal.test', multipart({ id: v1.id, vendordata: { bbbeeLevel: 9 } }));
    expect(level.status).toBe(422);
    const notJson = await post('supplier@portal.test', multipart('{oops'));
    expect(notJson.status).toBe(422);
    const foreign = await post('supplier@portal.test', multipart({ id: (await vendorByCode('V0003')).id, vendordata: {} }));
    expect(foreign.status).toBe(404);
    expect(
      await db
        .select()
        .from(masterdataChanges)
        .where(
          and(eq(masterdataChanges.vendorId, v1.id), eq(masterdataChanges.eventType, 'vendor.update'), gt(masterdataChanges.id, since)),
        ),
    ).toEqual([]);
  });

  it('flags expired and soon-expiring certificates and filters by them', async () => {
    const v4 = await vendorByCode('V0004');
    await db
      .update(vendors)
      .set({ vendordata: { ...v4.vendordata, bbbeeExpiry: '2020-01-31' } })
      .where(eq(vendors.id, v4.id));
    try {
      const list = await callAs('admin@portal.test', managedVendors.GET, '/vendors/user?certificate=expired');
      const rows = (list.json.vendors as { data: { code: string; certificate_status: string }[] }).data;
      expect(rows.map((r) => r.code)).toContain('V0004');
      expect(rows.every((r) => r.certificate_status === 'expired')).toBe(true);
      const supplier = await callAs('supplier@portal.test', managedVendors.GET, '/vendors/user');
      expect((supplier.json.vendors as { data: { code: string }[] }).data.map((r) => r.code)).toEqual(['V0001', 'V0002']);
    } finally {
      await db.update(vendors).set({ vendordata: v4.vendordata }).where(eq(vendors.id, v4.id));
    }
  });
});
