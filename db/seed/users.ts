import bcrypt from 'bcryptjs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { insertJson, type Queryable } from './sql';

type UserSeed = {
  email: string;
  name: string;
  role: string;
  subsidiaries?: { code: string; canRead: boolean; canWrite: boolean }[];
  vendors?: string[];
  parent?: string;
  /** Invited users who never signed in have no password yet (they set it from the invitation). */
  invited?: boolean;
  inactiveSince?: string;
};

const demo = (email: string) => {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  return { email, name: account.name, role: account.role };
};

/** Demo accounts first (lower ids), then ordinary users covering every role, inactive users and pending invitations. */
export const USERS: UserSeed[] = [
  demo('admin@portal.test'),
  demo('staff@portal.test'),
  {
    ...demo('retail.admin@portal.test'),
    subsidiaries: [
      { code: 'SUB01', canRead: true, canWrite: true },
      { code: 'SUB02', canRead: true, canWrite: true },
    ],
  },
  { ...demo('retail.user@portal.test'), subsidiaries: [{ code: 'SUB01', canRead: true, canWrite: false }] },
  { ...demo('supplier@portal.test'), vendors: ['V0001', 'V0002'] },
  { ...demo('supplier.user@portal.test'), vendors: ['V0001'], parent: 'supplier@portal.test' },
  { ...demo('other.supplier@portal.test'), vendors: ['V0003'] },
  { email: 'thandi.nkosi@portal.test', name: 'Thandi Nkosi', role: 'm2_user' },
  { email: 'ruan.pretorius@portal.test', name: 'Ruan Pretorius', role: 'm2_user', inactiveSince: '2026-06-30 17:00+02' },
  {
    email: 'pieter.vandermerwe@fynbos.test',
    name: 'Pieter van der Merwe',
    role: 'c_admin',
    subsidiaries: [{ code: 'SUB03', canRead: true, canWrite: true }],
  },
  {
    email: 'lerato.mokoena@protea.test',
    name: 'Lerato Mokoena',
    role: 'c_user',
    subsidiaries: [{ code: 'SUB01', canRead: true, canWrite: true }],
  },
  {
    email: 'johan.botha@baobab.test',
    name: 'Johan Botha',
    role: 'c_user',
    subsidiaries: [{ code: 'SUB02', canRead: true, canWrite: false }],
    inactiveSince: '2026-03-31 17:00+02',
  },
  {
    email: 'sipho.dlamini@durbanspice.test',
    name: 'Sipho Dlamini',
    role: 'v_admin',
    vendors: ['V0004', 'V0005', 'V0006', 'V0007', 'V0008'],
  },
  {
    email: 'naledi.khumalo@durbanspice.test',
    name: 'Naledi Khumalo',
    role: 'v_user',
    vendors: ['V0004'],
    parent: 'sipho.dlamini@durbanspice.test',
    invited: true,
  },
  { email: 'bongani.zulu@umgeni.test', name: 'Bongani Zulu', role: 'v_admin', vendors: ['V0009', 'V0010', 'V0011', 'V0012', 'V0013'] },
  {
    email: 'ahmed.patel@gardenroute.test',
    name: 'Ahmed Patel',
    role: 'v_admin',
    vendors: ['V0014', 'V0015', 'V0016'],
    inactiveSince: '2026-08-15 12:00+02',
  },
  { email: 'megan.jacobs@waterberg.test', name: 'Megan Jacobs', role: 'v_admin', vendors: ['V0017', 'V0018', 'V0019', 'V0020', 'V0021'] },
  { email: 'thabo.molefe@coastal.test', name: 'Thabo Molefe', role: 'v_admin', vendors: ['V0022', 'V0023', 'V0024', 'V0025'] },
  {
    email: 'karen.smith@highveld.test',
    name: 'Karen Smith',
    role: 'v_user',
    vendors: ['V0002'],
    parent: 'supplier@portal.test',
    invited: true,
  },
  {
    email: 'anele.mthembu@umgeni.test',
    name: 'Anele Mthembu',
    role: 'v_user',
    vendors: ['V0009'],
    parent: 'bongani.zulu@umgeni.test',
    invited: true,
  },
];

/** Fixed timestamps keep the seed reproducible; `i` spreads them so lists have a stable order. */
const createdAt = (i: number) => `2025-0${1 + (i % 9)}-${String(1 + i).padStart(2, '0')} 09:00+02`;
const lastLogin = (i: number) => `2026-11-${String(10 + (i % 10)).padStart(2, '0')} 08:${String(10 + i).padStart(2, '0')}+02`;

export async function seedUsers(db: Queryable): Promise<void> {
  // Hash only for users that do not exist yet: a re-run neither rehashes nor pays bcrypt's cost again.
  const existing = await db.query<{ email: string }>('select email from users where email = any($1::text[])', [USERS.map((u) => u.email)]);
  const known = new Set(existing.rows.map((r) => r.email));
  const rows = [];
  for (const [i, u] of USERS.entries()) {
    if (known.has(u.email)) continue;
    rows.push({
      email: u.email,
      name: u.name,
      role: u.role,
      password_hash: u.invited ? null : await bcrypt.hash(DEMO_PASSWORD, 10),
      last_login: u.invited ? null : lastLogin(i),
      deleted_at: u.inactiveSince ?? null,
      created_at: createdAt(i),
      ord: i, // ids follow the list order
    });
  }
  await insertJson(
    db,
    `insert into users (name, email, password_hash, role_id, last_login, deleted_at, created_at, updated_at)
     select u.name, u.email, u.password_hash, r.id, u.last_login, u.deleted_at, u.created_at, u.created_at
     from jsonb_to_recordset($1::jsonb) as u(email text, name text, role text, password_hash text,
       last_login timestamptz, deleted_at timestamptz, created_at timestamptz, ord int)
     join roles r on r.code = u.role
     order by u.ord
     on conflict (email) do nothing`,
    rows,
  );
  // The parent is the inviter; set only where still empty so an edit made in the app survives a re-run.
  await insertJson(
    db,
    `update users c set parent_user_id = p.id
     from jsonb_to_recordset($1::jsonb) as x(email text, parent text)
     join users p on p.email = x.parent
     where c.email = x.email and c.parent_user_id is null`,
    USERS.filter((u) => u.parent).map((u) => ({ email: u.email, parent: u.parent })),
  );
  await insertJson(
    db,
    `insert into user_subsidiaries (user_id, subsidiary_id, can_read, can_write)
     select u.id, s.id, x."canRead", x."canWrite"
     from jsonb_to_recordset($1::jsonb) as x(email text, code text, "canRead" boolean, "canWrite" boolean)
     join users u on u.email = x.email join subsidiaries s on s.code = x.code
     on conflict do nothing`,
    USERS.flatMap((u) => (u.subsidiaries ?? []).map((s) => ({ email: u.email, ...s }))),
  );
  await insertJson(
    db,
    `insert into user_vendors (user_id, vendor_id, can_write, created_at)
     select u.id, v.id, true, u.created_at
     from jsonb_to_recordset($1::jsonb) as x(email text, code text)
     join users u on u.email = x.email join vendors v on v.code = x.code
     on conflict do nothing`,
    USERS.flatMap((u) => (u.vendors ?? []).map((code) => ({ email: u.email, code }))),
  );
}
