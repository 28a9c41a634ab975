import bcrypt from 'bcryptjs';
import pg from 'pg';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts';

export type BenchSupplier = { email: string; vendorId: number; vendorCode: string };

/**
 * One supplier administrator per vendor (bench.v0001@portal.test …), each linked to its vendor only,
 * so the load is many users with different scopes, as a live portal has. Idempotent.
 */
export async function seedBenchSuppliers(url: string): Promise<BenchSupplier[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await bcrypt.hash(DEMO_PASSWORD, 10);
    await client.query(
      `insert into users (name, email, password_hash, role_id)
       select 'Bench ' || v.code, 'bench.' || lower(v.code) || '@portal.test', $1, r.id
       from vendors v cross join roles r where r.code = 'v_admin'
       on conflict (email) do nothing`,
      [hash],
    );
    await client.query(
      `insert into user_vendors (user_id, vendor_id, can_write)
       select u.id, v.id, true from vendors v join users u on u.email = 'bench.' || lower(v.code) || '@portal.test'
       on conflict do nothing`,
    );
    const { rows } = await client.query<BenchSupplier>(
      `select u.email, v.id as "vendorId", v.code as "vendorCode"
       from vendors v join users u on u.email = 'bench.' || lower(v.code) || '@portal.test' order by v.code`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
