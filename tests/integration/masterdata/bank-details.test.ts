import { GET as historyRoute } from '@/app/api/masterdata/history/route';
import { pool } from '@/db/client';
import { userId } from '../support/actors';
import { createRecord, removeCreatedChanges } from '../support/changes';
import { vendorByCode } from '../support/fixtures';
import { ADMIN, get, RETAIL_ADMIN, RETAIL_USER, STAFF } from '../changes/support';
import { makeUser } from '../users/grants';

/*
 * Issue 29: a read-only retail user could read suppliers' bank details through GET /masterdata/history.
 * Bank details are now shown only to roles that approve such changes, on changes they may approve.
 */

afterAll(async () => {
  await removeCreatedChanges();
  await pool.end();
});

const BANK_BEFORE = { name: 'Old Bank', account: '1111111111', branchCode: '111111' };
const BANK_AFTER = { name: 'New Bank', account: '2222222222', branchCode: '222222' };

async function bankSeenBy(email: string, processId: string) {
  const response = await get(historyRoute, `/api/masterdata/history?event_type=vendor.update&search=${processId}&status=all`, email);
  expect(response.status).toBe(200);
  const [row] = (await response.json()).histories.data as {
    old_values: { bank: unknown };
    new_values: { bank: unknown; contactName: string };
  }[];
  expect(row.new_values.contactName).toBe('Visible Contact');
  return { before: row.old_values.bank, after: row.new_values.bank };
}

describe('bank details in GET /masterdata/history', () => {
  it('are hidden from a read-only retail user and shown to those who approve the change', async () => {
    const vendor = await vendorByCode('V0001'); // trades with SUB01 (and the retail admin writes SUB01)
    const record = await createRecord({
      vendorId: vendor.id,
      eventType: 'vendor.update',
      requestedBy: await userId('supplier@portal.test'),
      oldValues: { contactName: 'Old Contact', bank: BANK_BEFORE },
      newValues: { contactName: 'Visible Contact', bank: BANK_AFTER },
    });
    const hidden = { before: 'hidden', after: 'hidden' };
    const shown = { before: BANK_BEFORE, after: BANK_AFTER };

    expect(await bankSeenBy(RETAIL_USER, record.processId)).toEqual(hidden);
    // A retail admin that only reads the vendor's subsidiaries does not approve its changes either.
    const reader = await makeUser('c_admin', { subsidiaries: [['SUB01', 'read']] });
    expect(await bankSeenBy(reader.email, record.processId)).toEqual(hidden);

    expect(await bankSeenBy(RETAIL_ADMIN, record.processId)).toEqual(shown);
    expect(await bankSeenBy(STAFF, record.processId)).toEqual(shown);
    expect(await bankSeenBy(ADMIN, record.processId)).toEqual(shown);
  });
});
