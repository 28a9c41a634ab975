import { DECLARATION_VERSION } from '../../lib/domain/users/declaration-text';
import { insertJson, type Queryable } from './sql';

/**
 * E-mail notification codes the seed sets preferences for. A preference row exists only where a
 * user changed the default (enabled), so most users have none.
 */
export const EMAIL_PREFERENCE_CODES = [
  'new-order',
  'new-return-order',
  'order-reminder',
  'new-deliverynote',
  'new-remittance',
  'new-dispute',
  'change-decided',
] as const;

const PREFERENCES: { email: string; code: (typeof EMAIL_PREFERENCE_CODES)[number]; disabled: boolean }[] = [
  { email: 'supplier@portal.test', code: 'new-order', disabled: false },
  { email: 'supplier@portal.test', code: 'order-reminder', disabled: true },
  { email: 'supplier@portal.test', code: 'new-remittance', disabled: false },
  { email: 'supplier.user@portal.test', code: 'new-dispute', disabled: true },
  { email: 'supplier.user@portal.test', code: 'new-remittance', disabled: true },
  { email: 'other.supplier@portal.test', code: 'new-order', disabled: false },
  { email: 'other.supplier@portal.test', code: 'order-reminder', disabled: true },
  { email: 'admin@portal.test', code: 'change-decided', disabled: true },
  { email: 'staff@portal.test', code: 'change-decided', disabled: false },
];

/** A little sign-in and action history so the user-activity screen has something to filter. */
const ACTIVITIES: { email: string; activity: string; at: string; ip: string; detail?: Record<string, unknown> }[] = [
  { email: 'admin@portal.test', activity: 'login', at: '2026-11-16 08:02+02', ip: '196.25.1.10' },
  {
    email: 'admin@portal.test',
    activity: 'invite-user',
    at: '2026-11-16 08:15+02',
    ip: '196.25.1.10',
    detail: { invited: 'karen.smith@highveld.test' },
  },
  { email: 'admin@portal.test', activity: 'logout', at: '2026-11-16 17:31+02', ip: '196.25.1.10' },
  { email: 'staff@portal.test', activity: 'login', at: '2026-11-17 07:55+02', ip: '196.25.1.11' },
  { email: 'staff@portal.test', activity: 'approve-change', at: '2026-11-17 09:12+02', ip: '196.25.1.11', detail: { kind: 'item' } },
  { email: 'retail.admin@portal.test', activity: 'login', at: '2026-11-17 10:40+02', ip: '41.13.200.5' },
  { email: 'retail.user@portal.test', activity: 'password-reset', at: '2026-11-18 07:20+02', ip: '41.13.200.6' },
  { email: 'retail.user@portal.test', activity: 'login', at: '2026-11-18 07:24+02', ip: '41.13.200.6' },
  { email: 'supplier@portal.test', activity: 'login', at: '2026-11-18 08:01+02', ip: '105.224.9.31' },
  {
    email: 'supplier@portal.test',
    activity: 'respond-order',
    at: '2026-11-18 08:06+02',
    ip: '105.224.9.31',
    detail: { response: 'confirmed' },
  },
  { email: 'supplier@portal.test', activity: 'logout', at: '2026-11-18 08:45+02', ip: '105.224.9.31' },
  { email: 'supplier.user@portal.test', activity: 'login', at: '2026-11-19 09:30+02', ip: '105.224.9.40' },
  {
    email: 'supplier.user@portal.test',
    activity: 'mark-read',
    at: '2026-11-19 09:33+02',
    ip: '105.224.9.40',
    detail: { type: 'remittance' },
  },
  { email: 'other.supplier@portal.test', activity: 'login', at: '2026-11-19 14:02+02', ip: '102.132.4.77' },
  { email: 'sipho.dlamini@durbanspice.test', activity: 'login', at: '2026-11-20 06:58+02', ip: '102.65.18.3' },
];

export async function seedUserSettings(db: Queryable): Promise<void> {
  await insertJson(
    db,
    `insert into email_preferences (user_id, code, disabled, updated_at)
     select u.id, x.code, x.disabled, timestamptz '2026-10-01 09:00+02'
     from jsonb_to_recordset($1::jsonb) as x(email text, code text, disabled boolean)
     join users u on u.email = x.email
     on conflict do nothing`,
    PREFERENCES,
  );
  // No natural key on activities: (e-mail, activity, time) identifies a seeded one.
  await insertJson(
    db,
    `insert into user_activities (user_id, user_email, activity, detail, ip, created_at)
     select u.id, x.email, x.activity, x.detail, x.ip, x.at
     from jsonb_to_recordset($1::jsonb) as x(email text, activity text, at timestamptz, ip text, detail jsonb)
     join users u on u.email = x.email
     where not exists (
       select 1 from user_activities a where a.user_email = x.email and a.activity = x.activity and a.created_at = x.at
     )`,
    ACTIVITIES,
  );
  // Every seeded user who has signed in before accepted the current declaration; invited ones are asked at their first sign-in.
  await db.query(
    `insert into declarations (user_id, version, status, accepted_at)
     select u.id, $1, 'accepted', timestamptz '2026-10-01 09:00+02' from users u
     where u.password_hash is not null and not exists (select 1 from declarations d where d.user_id = u.id and d.version = $1)`,
    [DECLARATION_VERSION],
  );
}
