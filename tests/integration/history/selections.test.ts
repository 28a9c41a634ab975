import { GET as addVendorRoute } from '@/app/api/history/addVendor/route';
import { GET as clearVendorsRoute } from '@/app/api/history/clearVendors/route';
import { GET as updateSubsidiaryRoute } from '@/app/api/history/updateSubsidiary/route';
import { POST as loginRoute } from '@/app/api/login/route';
import { POST as logoutRoute } from '@/app/api/logout/route';
import { GET as subsidiaryRoute } from '@/app/api/subsidiary/route';
import { pool } from '@/db/client';
import { DEMO_PASSWORD } from '@/db/seed/demo-accounts';
import { callRoute, sessionHeaders, TEST_XSRF } from '../support/actors';
import { get, RETAIL_ADMIN, RETAIL_USER, subsidiaryId } from './helpers';

type Selection = { selected_subsidiary: { id: number; code: string } | null; data: { code: string }[] };

afterAll(() => pool.end());

const codes = (s: Selection) => s.data.map((v) => v.code);

/** Signs in through POST /login as a browser would and returns headers carrying the new session. */
async function signIn(email: string): Promise<Record<string, string>> {
  const response = await callRoute(loginRoute, '/api/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: `XSRF-TOKEN=${TEST_XSRF}`,
      'x-xsrf-token': TEST_XSRF,
    },
    body: { email, password: DEMO_PASSWORD },
  });
  expect(response.status).toBe(200);
  const session = /^([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1];
  return { cookie: `${session}; XSRF-TOKEN=${TEST_XSRF}`, 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': TEST_XSRF };
}

describe('the subsidiary and the selected vendors are held on the server', () => {
  it('keeps them per user across signing out and in again', async () => {
    const sub2 = await subsidiaryId('SUB02');
    expect(codes((await (await get(clearVendorsRoute, '/api/history/clearVendors', RETAIL_ADMIN)).json()) as Selection)).toEqual([]);
    const chosen = (await (await get(updateSubsidiaryRoute, `/api/history/updateSubsidiary?id=${sub2}`, RETAIL_ADMIN)).json()) as Selection;
    expect(chosen.selected_subsidiary?.code).toBe('SUB02');
    await get(addVendorRoute, '/api/history/addVendor?code=V0002', RETAIL_ADMIN);
    const twice = (await (await get(addVendorRoute, '/api/history/addVendor?code=v0001', RETAIL_ADMIN)).json()) as Selection;
    expect(codes(twice)).toEqual(['V0001', 'V0002']);
    expect(codes((await (await get(addVendorRoute, '/api/history/addVendor?code=V0001', RETAIL_ADMIN)).json()) as Selection)).toEqual([
      'V0001',
      'V0002',
    ]);

    // Sign out (which ends every session of the user), then sign in anew.
    const old = await sessionHeaders(RETAIL_ADMIN);
    expect((await callRoute(logoutRoute, '/api/logout', { method: 'POST', headers: old })).status).toBe(200);
    const fresh = await signIn(RETAIL_ADMIN);
    const subsidiaries = (await (await callRoute(subsidiaryRoute, '/api/subsidiary?limit=100', { headers: fresh })).json()) as {
      selected_subsidiary: { code: string } | null;
    };
    expect(subsidiaries.selected_subsidiary?.code).toBe('SUB02');
    const again = (await (await callRoute(addVendorRoute, '/api/history/addVendor?code=V0002', { headers: fresh })).json()) as Selection;
    expect(codes(again)).toEqual(['V0001', 'V0002']);
    expect(again.selected_subsidiary?.code).toBe('SUB02');

    const cleared = (await (await callRoute(clearVendorsRoute, '/api/history/clearVendors', { headers: fresh })).json()) as Selection;
    expect(cleared.data).toEqual([]);
    // No id chooses "All" again.
    const all = (await (
      await callRoute(updateSubsidiaryRoute, '/api/history/updateSubsidiary?id=', { headers: fresh })
    ).json()) as Selection;
    expect(all.selected_subsidiary).toBeNull();
  });

  it('refuses a subsidiary outside the user’s own (404) and an unknown vendor (404)', async () => {
    const sub2 = await subsidiaryId('SUB02');
    expect((await get(updateSubsidiaryRoute, `/api/history/updateSubsidiary?id=${sub2}`, RETAIL_USER)).status).toBe(404);
    expect((await get(addVendorRoute, '/api/history/addVendor?code=NOPE1', RETAIL_USER)).status).toBe(404);
    const bad = await get(updateSubsidiaryRoute, '/api/history/updateSubsidiary?id=x', RETAIL_USER);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.id).toBeDefined();
  });

  it('needs the anti-forgery token, as these GETs change state', async () => {
    const headers = await sessionHeaders(RETAIL_USER, { xsrf: false });
    expect((await callRoute(clearVendorsRoute, '/api/history/clearVendors', { headers })).status).toBe(419);
  });
});
